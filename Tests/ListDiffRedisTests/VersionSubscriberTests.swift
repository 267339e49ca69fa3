import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Synchronization
import Testing

@testable import ListDiffRedis

/// The subscriber gives its store a turn every half second however busy the channel: a fleet's
/// channel is never quiet, and the waits whose check failed are retried only in that turn.
@Suite(.ownThreads) struct VersionSubscriberTests {
    @Test func theStoreGetsItsTurnWhileMessagesKeepComing() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let endpoint = server.endpoint
        let connected = Mutex(false)
        let messages = Mutex(0)
        let turns = Mutex(0)
        let subscriber = VersionSubscriber(
            endpoints: { [endpoint] }, channel: "versions",
            onMessage: { _ in messages.withLock { $0 += 1 } },
            onConnect: { _ in connected.withLock { $0 = true } }, onDisconnect: {},
            onIdle: { turns.withLock { $0 += 1 } })
        defer { subscriber.stop() }
        let deadline = Date(timeIntervalSinceNow: 5)
        while !connected.withLock({ $0 }), Date() < deadline { usleep(10_000) }
        let publisher = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
        let turnsBefore = turns.withLock { $0 }
        // A message every 50 ms for 2 s: never half a second of quiet.
        for index in 0..<40 {
            _ = try publisher.call(RESPCommand("PUBLISH", "versions", "message \(index)"))
            usleep(50_000)
        }
        let turnsDuring = turns.withLock { $0 } - turnsBefore
        #expect(messages.withLock { $0 } >= 35, "the messages were heard")
        #expect(turnsDuring >= 2, "the store had \(turnsDuring) turns in 2 s of messages")
    }
}
