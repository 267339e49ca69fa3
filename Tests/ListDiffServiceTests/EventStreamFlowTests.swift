import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// An event stream's reader that falls behind: versions written meanwhile are folded into one
/// event; one too far behind is closed and resumes by `Last-Event-ID` without losing a version.
@Suite(.ownThreads) struct EventStreamFlowTests {
    static let events = EventStreamTests.events
    static let snapshot = "/v1/sessions/s/snapshots/feed"

    /// A list of `count` items with long identifiers, different for each `round`: with
    /// `include=values` its changes event carries every one of them.
    static func bigList(round: Int, count: Int = 3000) -> String {
        "["
            + (0..<count).map { #""round-\#(round)-item-\#($0)-padding-padding-padding-padding""# }.joined(
                separator: ",")
            + "]"
    }

    static func counter(_ service: TestService, _ name: String) throws -> Double {
        let text = try service.request("GET", "/metrics").bodyText
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ")[1]) } ?? 0
    }

    /// Writes big versions (each event carries 3,000 values) until `done`, at most 80: what the
    /// kernel's socket buffers absorb first depends on the machine, so the test writes until
    /// the server's counters say the reader fell behind. Returns the versions written.
    static func writeUntil(_ service: TestService, _ done: () throws -> Bool) throws -> [String] {
        var written: [String] = []
        for round in 2...81 {
            written.append(try EventStreamTests.put(service, bigList(round: round)))
            if try done() { return written }
        }
        // The stream's loop acts on the writes after their answers: on a busy machine, later.
        let deadline = ContinuousClock.now + .seconds(5)
        while try !done(), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return written
    }

    @Test func versionsWrittenWhileTheLastEventIsUnsentGoAsOneEvent() throws {
        // Every version kept: up to 80 are written, and a held version pruned is rightly a reset.
        try TestService.with(
            ServiceConfiguration(store: StoreLimits(versionsKept: 128)),
            limits: HTTPLimits(maxBodyBytes: 4 << 20, streamMaxBufferBytes: 64 << 20)
        ) { service in
            let v1 = try EventStreamTests.put(service, #"["a"]"#)
            let stream = try EventStreamClient(
                port: service.server.port, target: Self.events + "?since=\(v1)&include=values", receiveTimeout: 10,
                receiveBufferBytes: 4096)
            let written = try Self.writeUntil(service) {
                try Self.counter(service, "listdiff_stream_coalesced_versions_total") >= 1
            }
            // Two more while it is held: still one event for all of them.
            let newest = try EventStreamTests.put(service, Self.bigList(round: 90))
            _ = try EventStreamTests.put(service, #"["b"]"#)
            let last = try EventStreamTests.put(service, Self.bigList(round: 91))
            #expect(try Self.counter(service, "listdiff_stream_coalesced_versions_total") == 1)
            #expect(newest != last)
            // Every event builds on the one before, and the chain ends at the last version.
            var held = v1
            var events = 0
            while held != last {
                let event = try stream.next()
                #expect(event.event == "changes")
                let from = try event.json()["from"] as? String
                #expect(from == held, "event \(events + 1) is from \(from ?? "nothing"), not \(held)")
                held = try #require(event.id)
                events += 1
            }
            #expect(events < written.count + 3, "\(events) events for \(written.count + 3) versions")
        }
    }

    @Test func aReaderTooFarBehindIsClosedAndResumesWithoutLoss() throws {
        // Every version kept, so the reader's is still there to diff from (else it gets a reset).
        try TestService.with(
            ServiceConfiguration(store: StoreLimits(versionsKept: 128)),
            limits: HTTPLimits(maxBodyBytes: 4 << 20, streamMaxBufferBytes: 64 << 10)
        ) { service in
            let v1 = try EventStreamTests.put(service, #"["a"]"#)
            let stream = try EventStreamClient(
                port: service.server.port, target: Self.events + "?since=\(v1)&include=values", receiveTimeout: 10,
                receiveBufferBytes: 4096)
            let written = try Self.writeUntil(service) {
                try Self.counter(service, "listdiff_stream_slow_reader_closes_total") >= 1
            }
            #expect(try Self.counter(service, "listdiff_stream_slow_reader_closes_total") == 1)
            // The reader takes what reached it: whole events, then the close (no end of stream).
            var held = v1
            while let event = try? stream.next() {
                #expect(try event.json()["from"] as? String == held)
                held = try #require(event.id)
            }
            #expect(!stream.ended)
            #expect(held != written.last)
            let resumed = try EventStreamClient(
                port: service.server.port, target: Self.events + "?include=values", headers: [("Last-Event-ID", held)])
            let changes = try resumed.next()
            #expect(changes.event == "changes")
            #expect(changes.id == written.last)
            #expect(try changes.json()["from"] as? String == held)
        }
    }
}
