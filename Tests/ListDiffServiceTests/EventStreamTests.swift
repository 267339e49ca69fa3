import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// `GET …/events` over real sockets: the first event, one event per version, resuming by
/// `Last-Event-ID` and by `since`, resets, deletion, heartbeats, shutdown.
@Suite(.ownThreads) struct EventStreamTests {
    static let events = "/v1/sessions/s/snapshots/feed/events"

    static func open(_ service: TestService, _ target: String = events, headers: [(String, String)] = [])
        throws -> EventStreamClient
    {
        try EventStreamClient(port: service.server.port, target: target, headers: headers)
    }

    static func put(_ service: TestService, _ body: String, path: String = "/v1/sessions/s/snapshots/feed") throws
        -> String
    {
        let response = try service.request("PUT", path, body: body)
        #expect(response.status == 200 || response.status == 201, "\(response.bodyText)")
        return try #require(response.header("ETag")).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    @Test func theFirstEventIsTheSnapshotThenOneChangesEventPerVersion() throws {
        try TestService.with { service in
            let first = try Self.put(service, #"["a", "b"]"#)
            let stream = try Self.open(service)
            #expect(stream.head.status == 200)
            #expect(stream.head.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(stream.head.header("X-Accel-Buffering") == "no")
            #expect(stream.head.header("Content-Length") == nil)
            let snapshot = try stream.next()
            #expect(stream.retry == 1000)
            #expect(snapshot.event == "snapshot")
            #expect(snapshot.id == first)
            #expect(try snapshot.json()["snapshot"] as? [String] == ["a", "b"])
            let second = try Self.put(service, #"["b", "a", "c"]"#)
            let changes = try stream.next()
            #expect(changes.event == "changes")
            #expect(changes.id == second)
            let document = try changes.json()
            #expect(document["from"] as? String == first)
            #expect(document["to"] as? String == second)
            let third = try Self.put(service, #"["c"]"#)
            let next = try stream.next()
            #expect(next.id == third)
            #expect(try next.json()["from"] as? String == second)
        }
    }

    @Test func aStreamResumesByLastEventIDOrSince() throws {
        try TestService.with { service in
            let v1 = try Self.put(service, #"["a"]"#)
            let v2 = try Self.put(service, #"["a", "b"]"#)
            let v3 = try Self.put(service, #"["a", "b", "c"]"#)
            let bySince = try Self.open(service, Self.events + "?since=\(v1)")
            let fromV1 = try bySince.next()
            #expect(fromV1.event == "changes")
            #expect(fromV1.id == v3)
            #expect(try fromV1.json()["from"] as? String == v1)
            // A reconnecting EventSource sends Last-Event-ID to the URL it first opened.
            let resumed = try Self.open(service, Self.events + "?since=\(v1)", headers: [("Last-Event-ID", v2)])
            let fromV2 = try resumed.next()
            #expect(fromV2.id == v3)
            #expect(try fromV2.json()["from"] as? String == v2)
            // A client already current gets nothing until the next version.
            let current = try Self.open(service, Self.events, headers: [("Last-Event-ID", v3)])
            let v4 = try Self.put(service, #"["c"]"#)
            let fromV3 = try current.next()
            #expect(fromV3.id == v4)
            #expect(try fromV3.json()["from"] as? String == v3)
        }
    }

    @Test func aVersionThisServerCannotDiffFromGetsAReset() throws {
        try TestService.with { service in
            let current = try Self.put(service, #"["a", "b"]"#)
            let stream = try Self.open(service, Self.events + "?since=0123456789abcdef.1.0123456789abcdef")
            let reset = try stream.next()
            #expect(reset.event == "reset")
            #expect(reset.id == current)
            #expect(try reset.json()["snapshot"] as? [String] == ["a", "b"])
        }
    }

    /// A client further behind than the versions kept is sent the snapshot as a reset, and
    /// the chain goes on from it.
    @Test func aVersionNoLongerKeptGetsAResetThenChanges() throws {
        try TestService.with(ServiceConfiguration(store: StoreLimits(versionsKept: 2))) { service in
            let first = try Self.put(service, #"["a"]"#)
            for round in 0..<3 { _ = try Self.put(service, #"["a", "\#(round)"]"#) }
            let current = try Self.put(service, #"["b"]"#)
            let stream = try Self.open(service, Self.events + "?since=\(first)")
            let reset = try stream.next()
            #expect(reset.event == "reset")
            #expect(reset.id == current)
            #expect(try reset.json()["snapshot"] as? [String] == ["b"])
            let next = try Self.put(service, #"["b", "c"]"#)
            let changes = try stream.next()
            #expect(changes.event == "changes")
            #expect(changes.id == next)
            #expect(try changes.json()["from"] as? String == current)
        }
    }

    @Test func deletingTheSnapshotEndsTheStreamWithDeleted() throws {
        try TestService.with { service in
            _ = try Self.put(service, #"["a"]"#)
            let stream = try Self.open(service)
            _ = try stream.next()
            #expect(try service.request("DELETE", "/v1/sessions/s/snapshots/feed").status == 204)
            let deleted = try stream.next()
            #expect(deleted.event == "deleted")
            #expect(try deleted.json()["status"] as? Int == 404)
            #expect(throws: RawClient.ClientError.self) { try stream.next() }
            #expect(stream.ended)
        }
    }

    @Test func problemsComeBeforeAnyStream() throws {
        try TestService.with { service in
            let missing = try service.request("GET", Self.events)
            #expect(missing.status == 404)
            #expect(missing.header("Content-Type") == "application/problem+json")
            _ = try Self.put(service, #"["a"]"#)
            let badID = try service.request("GET", Self.events, headers: [("Last-Event-ID", "nonsense")])
            #expect(badID.status == 400)
            #expect(badID.bodyText.contains("Last-Event-ID"))
            #expect(try service.request("GET", Self.events + "?since=nonsense").status == 400)
            #expect(try service.request("GET", Self.events + "?wait=3").status == 400)
        }
    }

    @Test func changesEventsTakeTheQuerysFormat() throws {
        try TestService.with { service in
            let first = try Self.put(service, #"["a", "b", "c"]"#)
            let stream = try Self.open(service, Self.events + "?since=\(first)&format=sequential")
            _ = try Self.put(service, #"["c", "a"]"#)
            let changes = try stream.next()
            let changeset = try #require(try changes.json()["changeset"] as? [String: Any])
            #expect(changeset["operations"] != nil)
        }
    }

    @Test func heartbeatsKeepAQuietStreamAlive() throws {
        try TestService.with(ServiceConfiguration(followers: FollowerConfiguration(heartbeatSeconds: 0.2))) { service in
            _ = try Self.put(service, #"["a"]"#)
            let stream = try Self.open(service)
            _ = try stream.next()
            let started = Date()
            try stream.nextComment()
            try stream.nextComment()
            #expect(Date().timeIntervalSince(started) < 3)
        }
    }

    @Test func aShuttingDownServerTellsItsStreamsToReconnect() throws {
        try TestService.with { service in
            _ = try Self.put(service, #"["a"]"#)
            let stream = try Self.open(service)
            _ = try stream.next()
            service.server.shutdown(gracePeriod: 1)
            let farewell = try stream.next()
            #expect(farewell.event == "reconnect")
            #expect(farewell.id == nil)
            #expect(try farewell.json()["status"] as? Int == 503)
            #expect(throws: RawClient.ClientError.self) { try stream.next() }
            #expect(stream.ended)
        }
    }

    /// Writers race the stream's wait: every version reaches it, as an unbroken chain of
    /// events (each `from` the previous `id`), ending at the last version written. Every version
    /// is kept: a stream that falls further behind than `versionsKept` is rightly sent a reset
    /// (the next test), which a busy machine makes likely with 16 kept and 101 written.
    @Test func concurrentWritersMakeAnUnbrokenChain() throws {
        try TestService.with(ServiceConfiguration(store: StoreLimits(versionsKept: 128))) { service in
            _ = try Self.put(service, #"["start"]"#)
            let stream = try Self.open(service)
            var last = try #require(try stream.next().id)
            runOnThreads(4) { thread in
                for round in 0..<25 {
                    _ = try? service.request(
                        "PUT", "/v1/sessions/s/snapshots/feed", body: #"["t\#(thread)-\#(round)"]"#)
                }
            }
            let final = try Self.put(service, #"["end"]"#)
            while last != final {
                let event = try stream.next()
                #expect(event.event == "changes")
                #expect(try event.json()["from"] as? String == last)
                last = try #require(event.id)
            }
        }
    }
}
