import Foundation

/// A task executor with a thread for every job that is ready: a test that blocks (a socket
/// read, a Redis round trip, a sleep) holds one of these threads, never one of the
/// concurrency pool's, which has one thread per core and would leave every other test in the
/// run waiting behind it. Idle threads end after a second.
final class BlockingTestThreads: TaskExecutor, @unchecked Sendable {
    // Sendable argument: `jobs` and `waiting` are only touched while holding `condition`'s lock.
    static let shared = BlockingTestThreads()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// Threads waiting for a job.
    private var waiting = 0

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        // Every job waiting has a thread waiting for it or a new one: a job never waits for
        // another to finish (it may be what that one waits for).
        if jobs.count > waiting {
            let thread = Thread { [self] in work() }
            thread.name = "blocking test"
            thread.start()
        } else {
            condition.signal()
        }
        condition.unlock()
    }

    private func work() {
        let executor = asUnownedTaskExecutor()
        while let job = next() { job.runSynchronously(on: executor) }
    }

    /// The oldest job, waiting up to a second for one; nil ends the thread.
    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        let giveUpAt = Date(timeIntervalSinceNow: 1)
        while jobs.isEmpty {
            waiting += 1
            let signalled = condition.wait(until: giveUpAt)
            waiting -= 1
            if !signalled && jobs.isEmpty { return nil }
        }
        return jobs.removeFirst()
    }
}
