import Foundation
import ListDiffRedis
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// The one store-call executor (``StoreCalls``) and an event stream's follower over a Redis that
/// stops answering (`SIGSTOP`): the follower's call has its deadline, counted from when it was
/// queued, and is answered — the stream ends with a `reconnect` event — within it, whether the
/// executor's threads were free, held, or a thousand calls were queued before it.
@Suite(.serialized, .ownThreads) struct StoreCallsServiceTests {
    static let path = "/v1/sessions/s/snapshots/feed"
    static let address = SnapshotAddress(owner: 0, session: "s", snapshot: "feed")
    static let timeout = 2.0

    /// Holds the executor's threads until opened.
    final class Gate: @unchecked Sendable {
        // Sendable argument: `isOpen` is only touched while holding `condition`'s lock.
        private let condition = NSCondition()
        private var isOpen = false

        func wait() {
            condition.withLock { while !isOpen { condition.wait() } }
        }

        func open() {
            condition.withLock {
                isOpen = true
                condition.broadcast()
            }
        }
    }

    /// Every one of the executor's threads waits at `gate` (taken before this returns).
    static func hold(_ calls: StoreCalls, at gate: Gate) {
        for _ in 0..<StoreCalls.threadCount { calls.schedule({ gate.wait() }, refused: { _ in }) }
        Thread.sleep(forTimeInterval: 0.05)
    }

    /// `body` with a service on a Redis server of its own whose snapshot is written.
    static func withWrittenSnapshot(
        timeout: Double = timeout, queueLimit: Int = 1024, _ body: (TestService, RedisServerProcess) throws -> Void
    ) throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        var configuration = StoreDeadlineServiceTests.configuration(timeout: timeout, queueLimit: queueLimit)
        configuration.store.sessionIdleSeconds = 64 * touchSlack
        try TestService.with(configuration, store: RedisStoreServiceTests.redis(server.endpoint)) { service in
            #expect(try service.request("PUT", path, body: #"["a"]"#).status == 201)
            try body(service, server)
        }
    }

    /// Opens a stream on the snapshot: its first event read, its follower's registration queued
    /// behind whatever the executor holds.
    static func openStream(_ service: TestService) throws -> EventStreamClient {
        let stream = try EventStreamClient(port: service.server.port, target: path + "/events")
        #expect(try stream.next().event == "snapshot")
        return stream
    }

    /// Seconds after a use of the session before the next is due to refresh its TTL: the
    /// sessions here live 64 of them (the store touches a session once per 64th of its TTL).
    static let touchSlack = 1.0

    /// Opens a stream whose follower's registration waits behind `gate`, stops Redis, opens
    /// the gate: the stream must end with `reconnect` within the deadline. The gate opens a
    /// touch slack after the stream's open (well within ``timeout``), so the registration must
    /// reach Redis even where the instance knows the version (a wait is a use of the session,
    /// and its touch is due then).
    static func expectReconnectOnceStopped(
        _ service: TestService, _ server: RedisServerProcess, opening gate: Gate,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let started = Date()
        let stream = try openStream(service)
        Thread.sleep(forTimeInterval: touchSlack + 0.05)
        server.suspend()
        defer { server.resume() }
        gate.open()
        try expectReconnect(stream, since: started, sourceLocation: sourceLocation)
    }

    static func expectReconnect(
        _ stream: EventStreamClient, since started: Date, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let last = try stream.next()
        let seconds = Date().timeIntervalSince(started)
        #expect(last.event == "reconnect", sourceLocation: sourceLocation)
        #expect(last.data.contains("store-unavailable"), "\(last.data)", sourceLocation: sourceLocation)
        #expect(
            seconds < timeout + 0.1, "answered \(seconds) s after it was queued, its deadline \(timeout) s",
            sourceLocation: sourceLocation)
        print("a follower's call to a stopped Redis answered in \(seconds) s")
    }

    /// The follower's registration reaches Redis once it has stopped: the stream ends with
    /// `reconnect` within the deadline plus 0.1 s (without a deadline it waited for the
    /// connection's own reply timeout).
    @Test func aFollowersCallToAStoppedRedisEndsItsStreamWithinTheDeadline() throws {
        try Self.withWrittenSnapshot { service, server in
            let gate = Gate()
            Self.hold(service.service.storeCalls, at: gate)
            try Self.expectReconnectOnceStopped(service, server, opening: gate)
        }
    }

    /// A thousand calls to the stopped Redis queued before the follower's: those whose deadline
    /// passed while they waited are refused (counted) without touching the store, and the
    /// follower is answered within its own deadline.
    @Test func aFollowerQueuedBehindAThousandHungCallsIsAnsweredWithinItsDeadline() throws {
        try Self.withWrittenSnapshot { service, server in
            let calls = service.service.storeCalls
            let store = service.service.store
            let gate = Gate()
            for index in 0..<1000 {
                calls.schedule(
                    {
                        if index < StoreCalls.threadCount { gate.wait() }
                        _ = try? store.read(Self.address)
                    }, refused: { _ in })
            }
            try Self.expectReconnectOnceStopped(service, server, opening: gate)
            // The threads run a few waves of calls before the deadline (each failing as the
            // stopped server's connections run out); every later one is refused unrun.
            let refused = calls.refusals.count(of: .deadlinePassed)
            #expect(refused >= 1000 - 8 * StoreCalls.threadCount, "the late calls were refused, not run: \(refused)")
        }
    }

    /// With the queue at its limit, the follower's registration is refused at once, counted,
    /// and its stream ends with `reconnect` naming the limit.
    @Test func aFollowerFindingTheQueueFullIsRefusedAtOnce() throws {
        try Self.withWrittenSnapshot(timeout: 2, queueLimit: 1000) { service, server in
            let calls = service.service.storeCalls
            let gate = Gate()
            Self.hold(calls, at: gate)
            defer { gate.open() }
            for _ in 0..<1000 { calls.schedule({}, refused: { _ in }) }
            let started = Date()
            let stream = try Self.openStream(service)
            let last = try stream.next()
            let seconds = Date().timeIntervalSince(started)
            #expect(last.event == "reconnect")
            #expect(last.data.contains("limit 1000"), "\(last.data)")
            #expect(seconds < 0.3, "refused at once: \(seconds) s")
            #expect(calls.refusals.count(of: .queueFull) == 1)
            let metrics = try service.request("GET", "/metrics").bodyText
            #expect(metrics.contains(#"listdiff_store_calls_refused_total{reason="queue_full"} 1"#))
        }
    }
}
