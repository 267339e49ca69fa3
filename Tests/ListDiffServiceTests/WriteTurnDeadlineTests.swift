import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Writes to one snapshot through one instance take turns (the Redis store's write turns); on a
/// Redis that stopped answering, each of forty writes queued one after another is answered
/// within `--store-timeout` + 0.1 s of its send: its wait for the turn ends at its own
/// deadline, not at that of whichever later write took the turn first (a lock does not queue
/// its waiters in order; not reproduced here, where the turn passed in order).
@Suite(.serialized, .ownThreads) struct WriteTurnDeadlineTests {
    typealias D = StoreDeadlineServiceTests
    static let timeout = 0.3

    @Test func writesQueuedForOneSnapshotOnAStoppedRedisAreEachAnsweredByTheirDeadline() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        try TestService.with(
            D.configuration(timeout: Self.timeout), store: RedisStoreServiceTests.redis(server.endpoint)
        ) { service throws in
            let path = "/v1/sessions/s/snapshots/feed"
            #expect(try service.request("PUT", path, body: #"["a"]"#).status == 201)
            server.suspend()
            defer { server.resume() }
            // One write every 15 ms for 0.6 s: each finds earlier ones holding or waiting for the turn.
            let answers = D.concurrently(40, service) { index in
                Thread.sleep(forTimeInterval: Double(index) * 0.015)
                return ("PUT", path, #"["a", "w\#(index)"]"#)
            }
            let late = answers.enumerated().filter { $0.element.seconds > Self.timeout + 0.1 }
            #expect(
                late.isEmpty,
                "answered past the deadline + 0.1 s: \(late.map { String(format: "#%d %.3f s", $0.offset, $0.element.seconds) })"
            )
            for (index, answer) in answers.enumerated() {
                #expect(answer.response?.status == 503, "write #\(index): \(answer.response?.status ?? 0)")
            }
            print("writes on a stopped Redis, slowest answer \(answers.map(\.seconds).max() ?? 0) s")
        }
    }
}
