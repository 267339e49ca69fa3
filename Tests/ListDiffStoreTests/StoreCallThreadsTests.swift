import Foundation
import ListDiffStore
import ListDiffTestRun
import Testing

/// The store-call threads start as calls need them, up to their bound, and end when idle: an
/// instance whose store calls are few holds few threads.
@Suite(.ownThreads) struct StoreCallThreadsTests {
    /// Holds calls until opened; counts the calls that ran.
    final class Gate: @unchecked Sendable {
        // Sendable argument: `isOpen` and `ran` are only touched while holding `condition`'s lock.
        private let condition = NSCondition()
        private var isOpen = false
        private var ran = 0

        func pass() {
            condition.withLock {
                while !isOpen { condition.wait() }
                ran += 1
                condition.broadcast()
            }
        }

        func open() {
            condition.withLock {
                isOpen = true
                condition.broadcast()
            }
        }

        func waitFor(_ count: Int, seconds: Double = 5) -> Int {
            condition.withLock {
                let deadline = Date(timeIntervalSinceNow: seconds)
                while ran < count, condition.wait(until: deadline) {}
                return ran
            }
        }
    }

    static func waitUntil(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition(), Date() < deadline { usleep(10_000) }
        return condition()
    }

    @Test func threadsStartWithTheCallsUpToTheBoundAndEndWhenIdle() {
        let threads = StoreCallThreads(threadCount: 8, timeout: 5, queueLimit: 100, idleSeconds: 0.3)
        defer { threads.stop() }
        #expect(threads.threadCount == 0, "none before a call")
        let gate = Gate()
        for _ in 0..<5 { threads.submit(queuedAt: .now, { gate.pass() }, refused: { _ in }) }
        #expect(threads.threadCount == 5, "a thread per call waiting, none idle")
        for _ in 0..<10 { threads.submit(queuedAt: .now, { gate.pass() }, refused: { _ in }) }
        #expect(threads.threadCount == 8, "no more than the bound")
        #expect(Self.waitUntil { threads.queuedCount == 7 }, "8 running, 7 queued: \(threads.queuedCount) queued")
        gate.open()
        #expect(gate.waitFor(15) == 15, "every call ran")
        #expect(Self.waitUntil { threads.threadCount == 0 }, "idle threads end: \(threads.threadCount) left")
        threads.submit(queuedAt: .now, { gate.pass() }, refused: { _ in })
        #expect(gate.waitFor(16) == 16, "a call after they ended starts one again")
    }
}
