import Foundation

/// Threads that run jobs from one FIFO queue: the transport's workers (heavy handlers) and the
/// store's call threads (calls that may block on a network). Either a fixed set started at
/// once and kept until ``stop()``, or up to `threadCount` started as jobs find none idle, each
/// ending after `idleSeconds` without work (an instance with few jobs holds few threads and
/// their stacks).
///
/// A job is released as soon as a thread takes it (with whatever it captured), not when the
/// queue next empties, so sustained load cannot pile up finished jobs.
public final class JobThreads: @unchecked Sendable {
    // Sendable argument: `jobs`, `head`, `threads`, `idle` and `stopping` are only touched
    // while holding `condition`'s lock; the rest is immutable.
    private let condition = NSCondition()
    /// Taken slots before `head` are nil; compacted once they are half the array.
    private var jobs: [(@Sendable () -> Void)?] = []
    private var head = 0
    private var stopping = false
    /// Threads running, and of those, waiting for a job.
    private var threads = 0
    private var idle = 0
    private let maxThreads: Int
    /// Seconds a thread waits for a job before it ends; nil: it waits until ``stop()``.
    private let idleSeconds: Double?
    private let name: String

    /// `threadCount` threads named `name-1`, `name-2`…; all started now when `idleSeconds` is
    /// nil, else as jobs need them.
    public init(threadCount: Int, name: String, idleSeconds: Double? = nil) {
        maxThreads = max(1, threadCount)
        self.idleSeconds = idleSeconds
        self.name = name
        guard idleSeconds == nil else { return }
        threads = maxThreads
        for number in 1...maxThreads { startThread(number) }
    }

    /// Queues `job` unless `limit` jobs (or more) already wait for a thread; false if refused.
    @discardableResult
    public func submit(unlessQueued limit: Int? = nil, _ job: @escaping @Sendable () -> Void) -> Bool {
        let (queued, starts): (Bool, Int?) = condition.withLock {
            if let limit, jobs.count - head >= limit { return (false, nil) }
            jobs.append(job)
            if idle > 0 { condition.signal() }
            // A thread more while the jobs waiting outnumber the idle threads that will take them.
            guard jobs.count - head > idle, threads < maxThreads else { return (true, nil) }
            threads += 1
            return (true, threads)
        }
        if let starts { startThread(starts) }
        return queued
    }

    /// Jobs submitted and not yet taken by a thread.
    public var queuedCount: Int {
        condition.withLock { jobs.count - head }
    }

    /// Threads running now.
    public var threadCount: Int {
        condition.withLock { threads }
    }

    /// Lets the threads finish the queued jobs and exit.
    public func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    private func startThread(_ number: Int) {
        let thread = Thread { [self] in runJobs() }
        thread.name = "\(name)-\(number)"
        thread.start()
    }

    // A function of its own, never inlined: scripts/instruction-guard.sh counts the workers'
    // instructions from here.
    @inline(never)
    private func runJobs() {
        while let job = nextJob() { job() }
    }

    /// The oldest job, waiting for one; nil when the thread ends (stopping with nothing
    /// queued, or idle past `idleSeconds`).
    private func nextJob() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !stopping {
            idle += 1
            let woken: Bool
            if let idleSeconds {
                woken = condition.wait(until: Date(timeIntervalSinceNow: idleSeconds))
            } else {
                condition.wait()
                woken = true
            }
            idle -= 1
            if !woken && head == jobs.count { break }
        }
        guard head < jobs.count, let job = jobs[head] else {
            threads -= 1
            return nil
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
        return job
    }
}
