import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Readers of one snapshot version share one encoded document: every `GET` of it and every
/// event stream opened on it queue the same buffer, which the server counts once against its
/// limit of unsent response bytes, however many of them do not read.
@Suite(.ownThreads) struct SharedAnswerTests {
    static let limits = HTTPLimits(maxBodyBytes: 32 << 20)
    static let path = "/v1/sessions/readers/snapshots/big"

    /// ~9.5 MB as a document: far more than the kernel's socket buffers take, so most of each
    /// answer waits in the server for a reader that does not read.
    static let document =
        "["
        + (0..<70_000).map { #"{"id":"i\#($0)","content":{"t":"\#(String(repeating: "x", count: 100))"}}"# }
        .joined(separator: ",") + "]"

    /// A client that sends `GET target` and reads nothing (a 4 KiB receive buffer).
    static func silentReader(_ service: TestService, _ target: String) throws -> RawClient {
        let client = try RawClient(port: service.server.port, receiveBufferBytes: 4096)
        try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
        return client
    }

    /// The server's statistics once `condition` holds (or as they are after 5 s).
    static func statistics(_ service: TestService, when condition: (HTTPServerStatistics) -> Bool)
        -> HTTPServerStatistics
    {
        let deadline = Date().addingTimeInterval(5)
        var latest = service.server.statistics()
        while !condition(latest) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            latest = service.server.statistics()
        }
        return latest
    }

    static func snapshotReads(_ statistics: HTTPServerStatistics) -> Int {
        statistics.requests.counts.filter {
            $0.key.route == "/v1/sessions/{session}/snapshots/{name}" && $0.key.method == "GET" && $0.key.status == 200
        }.values.reduce(0, +)
    }

    @Test func readersThatDoNotReadHoldOneDocumentHoweverManyTheyAre() throws {
        try TestService.with(limits: Self.limits) { (service: TestService) throws in
            #expect(try service.request("PUT", Self.path, body: Self.document).status == 201)
            let size = try service.request("GET", Self.path).body.count
            #expect(size > 8_000_000)
            var readers = try (0..<8).map { _ in try Self.silentReader(service, Self.path) }
            readers += try (0..<8).map { _ in try Self.silentReader(service, Self.path + "/events") }
            let queued = Self.statistics(service) { Self.snapshotReads($0) == 9 && $0.openStreams == 8 }
            #expect(Self.snapshotReads(queued) == 9)
            #expect(queued.openStreams == 8)
            #expect(queued.bufferedResponseBytes >= size)
            #expect(queued.bufferedResponseBytes < size + size / 4, "16 readers of one version: one document")
            readers.removeAll()
            #expect(Self.statistics(service) { $0.bufferedResponseBytes == 0 }.bufferedResponseBytes == 0)
        }
    }
}
