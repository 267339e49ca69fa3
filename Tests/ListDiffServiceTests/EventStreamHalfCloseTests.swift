import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// `GET …/events` for a client that shuts down its sending side once its request is sent (to
/// only read, as `nc -N` does), over real sockets: it follows the snapshot to the stream's end,
/// while a client that closes is still noticed at once.
@Suite(.ownThreads) struct EventStreamHalfCloseTests {
    static let snapshot = "/v1/sessions/s/snapshots/feed"

    @Test func aClientThatHalfClosesAfterItsRequestFollowsToTheEnd() throws {
        try TestService.with { service in
            let first = try EventStreamTests.put(service, #"["a"]"#)
            let stream = try EventStreamClient(
                port: service.server.port, target: EventStreamTests.events, halfClosing: true)
            #expect(stream.head.status == 200)
            #expect(try stream.next().id == first)
            // Written once the server has read the client's end of input.
            Thread.sleep(forTimeInterval: 0.2)
            let second = try EventStreamTests.put(service, #"["a", "b"]"#)
            let changes = try stream.next()
            #expect(changes.event == "changes")
            #expect(changes.id == second)
            #expect(try service.request("DELETE", Self.snapshot).status == 204)
            #expect(try stream.next().event == "deleted")
            #expect(throws: RawClient.ClientError.self) { try stream.next() }
            #expect(stream.ended, "the terminating chunk came")
        }
    }

    /// A client that closes sends the same end of input as one that half-closes; the server's
    /// heartbeat written at once draws its reset, long before the next heartbeat is due (30 s).
    @Test func aClientThatClosesIsNoticedAtOnce() throws {
        try TestService.with { service in
            _ = try EventStreamTests.put(service, #"["a"]"#)
            var stream: EventStreamClient? = try EventStreamTests.open(service)
            _ = try stream?.next()
            #expect(Self.openStreams(of: service) { $0 == 1 } == 1)
            let closedAt = Date()
            stream = nil
            #expect(Self.openStreams(of: service) { $0 == 0 } == 0)
            #expect(Date().timeIntervalSince(closedAt) < 5)
        }
    }

    /// The server's open streams once `condition` holds of them, or as they are after 5 s.
    static func openStreams(of service: TestService, when condition: (Int) -> Bool) -> Int {
        let deadline = Date(timeIntervalSinceNow: 5)
        var open = service.server.statistics().openStreams
        while !condition(open), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            open = service.server.statistics().openStreams
        }
        return open
    }
}
