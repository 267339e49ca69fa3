import Foundation

/// A fixed set of threads that run heavy handlers off the event loops. Jobs run in FIFO
/// order; a job reports its result back to its loop through that loop's mailbox.
///
/// A job is released as soon as a thread takes it (with the request and body it captured),
/// not when the queue next empties, so sustained load cannot pile up finished jobs.
final class WorkerPool: @unchecked Sendable {
    // Sendable argument: `jobs`, `head` and `stopping` are only touched while holding
    // `condition`'s lock.
    private let condition = NSCondition()
    /// Taken slots before `head` are nil; compacted once they are half the array.
    private var jobs: [(@Sendable () -> Void)?] = []
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
        _ = submit(job, unlessQueued: nil)
    }

    /// Queues `job` unless `limit` jobs (or more) already wait for a thread; false if refused.
    func submit(_ job: @escaping @Sendable () -> Void, unlessQueued limit: Int?) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if let limit, jobs.count - head >= limit { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Jobs submitted and not yet taken by a thread.
    var queuedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count - head
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
            guard head < jobs.count, let job = jobs[head] else {
                condition.unlock()
                return
            }
            jobs[head] = nil
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64 && head * 2 >= jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
