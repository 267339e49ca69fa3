import Foundation

/// A fixed set of threads that run heavy handlers off the event loops. Jobs run in FIFO
/// order; a job reports its result back to its loop through that loop's mailbox.
final class WorkerPool: @unchecked Sendable {
    // Sendable argument: `jobs`, `head` and `stopping` are only touched while holding
    // `condition`'s lock.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var stopping = false

    init(threadCount: Int) {
        for index in 0..<max(1, threadCount) {
            let thread = Thread { [self] in runJobs() }
            thread.name = "listdiff-worker-\(index)"
            thread.start()
        }
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the threads finish queued jobs and exit.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while head == jobs.count && !stopping { condition.wait() }
            if head == jobs.count {
                condition.unlock()
                return
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
