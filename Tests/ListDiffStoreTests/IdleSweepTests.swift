import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffStore

/// The memory store's idle sessions: swept a batch per request (a sweep of every session under
/// the store's lock stalled every request queued behind it), and gone when named once idle
/// past their time whether or not a sweep has reached them.
@Suite(.ownThreads) struct IdleSweepTests {
    /// Sessions idle 0.3 s at most, aged by `clock`.
    static func store(sessions: Int, clock: ManualStoreClock) -> MemorySnapshotStore {
        MemorySnapshotStore(
            limits: StoreLimits(
                maxSessions: sessions, maxSnapshotsPerSession: 4, maxItemsPerSnapshot: 100, maxOperationWork: 1_000,
                versionsKept: 4, maxStoreBytes: 1 << 26, maxSessionBytes: 1 << 20, sessionIdleSeconds: 0.3,
                owners: 1),
            clock: clock.storeClock)
    }

    @Test func aSweepVisitsOneBatchPerRequestAndReachesEverySession() throws {
        let count = 1_000
        let clock = ManualStoreClock()
        let store = Self.store(sessions: count, clock: clock)
        for index in 0..<count { _ = try store.createSession(owner: 0, name: "idle\(index)") }
        clock.advance(seconds: 0.4)
        var requests = 0
        while store.statistics().evictedForIdleness < count, requests < 100 {
            // Each request names a session that does not exist: it pays for the sweep only.
            #expect(throws: StoreError.sessionNotFound("absent")) {
                try store.listSnapshots(owner: 0, session: "absent")
            }
            requests += 1
            #expect(
                store.statistics().evictedForIdleness <= requests * SessionStore.sweepBatch,
                "request \(requests) swept more than a batch")
        }
        #expect(store.statistics().evictedForIdleness == count)
        #expect(store.statistics().sessions == 0)
        #expect(requests >= (count + SessionStore.sweepBatch - 1) / SessionStore.sweepBatch)
    }

    @Test func anIdleSessionNamedBeforeTheSweepReachesItIsGone() throws {
        let count = 1_000
        let clock = ManualStoreClock()
        let store = Self.store(sessions: count, clock: clock)
        for index in 0..<count { _ = try store.createSession(owner: 0, name: "idle\(index)") }
        clock.advance(seconds: 0.4)
        let last = "idle\(count - 1)"
        #expect(throws: StoreError.sessionNotFound(last)) { try store.listSnapshots(owner: 0, session: last) }
        #expect(try store.createSession(owner: 0, name: last) == last, "its name is free again")
    }

    @Test func aSessionInUseOutlivesItsIdleTimeWhileOthersAreSwept() throws {
        let clock = ManualStoreClock()
        let store = Self.store(sessions: 600, clock: clock)
        for index in 0..<599 { _ = try store.createSession(owner: 0, name: "idle\(index)") }
        _ = try store.createSession(owner: 0, name: "used")
        for _ in 0..<20 {
            _ = try store.listSnapshots(owner: 0, session: "used")
            clock.advance(seconds: 0.05)
        }
        #expect(store.statistics().evictedForIdleness == 599)
        #expect(store.statistics().sessions == 1)
    }
}
