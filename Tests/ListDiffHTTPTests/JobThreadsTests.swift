import Dispatch
import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffThreads
import Testing

@Suite(.ownThreads) struct JobThreadsTests {
    final class Token: Sendable {}

    /// A finished job (and what it captured) is released while later jobs are still queued.
    @Test func finishedJobsAreReleasedWhileTheQueueIsBusy() {
        let pool = JobThreads(threadCount: 1, name: "test")
        defer { pool.stop() }
        weak var released: Token?
        let firstDone = DispatchSemaphore(value: 0)
        do {
            let token = Token()
            released = token
            pool.submit {
                _ = token
                firstDone.signal()
            }
        }
        let gate = DispatchSemaphore(value: 0)
        let blockerStarted = DispatchSemaphore(value: 0)
        pool.submit {
            blockerStarted.signal()
            gate.wait()
        }
        pool.submit {}
        firstDone.wait()
        blockerStarted.wait()
        #expect(pool.queuedCount == 1)
        #expect(released == nil)
        gate.signal()
    }
}
