import Foundation

/// Up to a fixed number of threads that run store calls, fed by a bounded FIFO queue: a store
/// that stops answering holds at most these threads, and the calls behind them wait in a
/// queue that cannot grow without bound. A thread starts when a call finds none idle and
/// ends after `idleSeconds` without work, so an instance whose store calls are few holds
/// few threads (and their stacks). Each call runs with its ``StoreCallDeadline`` bound,
/// counted from when it was queued; one whose deadline passed while it waited is refused
/// without running.
///
/// The service's executor runs its background store calls here; a store made without one
/// (in tests, or a program using a store alone) makes its own.
public final class StoreCallThreads: BackgroundStoreCalls, @unchecked Sendable {
    // Sendable argument: `jobs`, `head`, `threads`, `idle` and `stopping` are only touched
    // while holding `condition`'s lock; the rest is immutable.
    /// Why a call was not run.
    public enum Refusal: Sendable {
        /// `queueLimit` calls were waiting already.
        case queueFull
        /// Its deadline passed before a thread took it.
        case deadlinePassed
    }

    /// Seconds a call may take, counted from when it was queued.
    public let timeout: Double
    /// Most calls waiting for a thread; one more is refused at once.
    public let queueLimit: Int
    private let condition = NSCondition()
    /// Taken slots before `head` are nil; compacted once they are half the array.
    private var jobs: [(@Sendable () -> Void)?] = []
    private var head = 0
    private var stopping = false
    /// Threads running, and of those, waiting for a call.
    private var threads = 0
    private var idle = 0
    private let maxThreads: Int
    /// Seconds a thread waits for a call before it ends.
    private let idleSeconds: Double
    private let name: String

    public init(
        threadCount: Int, timeout: Double, queueLimit: Int, idleSeconds: Double = 10, name: String = "listdiff-store"
    ) {
        self.timeout = timeout
        self.queueLimit = max(0, queueLimit)
        maxThreads = max(1, threadCount)
        self.idleSeconds = idleSeconds
        self.name = name
    }

    /// Runs `call` on one of the threads with its deadline bound (``timeout`` from `queuedAt`),
    /// or `refused` with why: at once on the calling thread when the queue is full, on the
    /// thread that took it when its deadline passed while it waited.
    public func submit(
        queuedAt: ContinuousClock.Instant, _ call: @escaping @Sendable () -> Void,
        refused: @escaping @Sendable (Refusal) -> Void
    ) {
        let deadline = queuedAt + .seconds(timeout)
        let job: @Sendable () -> Void = {
            guard ContinuousClock.now < deadline else { return refused(.deadlinePassed) }
            StoreCallDeadline.run(by: deadline, call)
        }
        let (queued, starts): (Bool, Int?) = condition.withLock {
            guard jobs.count - head < queueLimit else { return (false, nil) }
            jobs.append(job)
            if idle > 0 { condition.signal() }
            // A thread more while the calls waiting outnumber the idle threads that will take them.
            guard jobs.count - head > idle, threads < maxThreads else { return (true, nil) }
            threads += 1
            return (true, threads)
        }
        if let starts {
            let thread = Thread { [self] in runJobs() }
            thread.name = "\(name)-\(starts)"
            thread.start()
        }
        if !queued { refused(.queueFull) }
    }

    public func run(
        queuedAt: ContinuousClock.Instant, _ call: @escaping @Sendable () -> Void,
        refused: @escaping @Sendable (StoreError) -> Void
    ) {
        submit(queuedAt: queuedAt, call) { [timeout, queueLimit] refusal in
            refused(.unavailable(refusal.reason(timeout: timeout, queueLimit: queueLimit), outcomeUnknown: false))
        }
    }

    /// Calls queued and not yet taken by a thread.
    public var queuedCount: Int {
        condition.withLock { jobs.count - head }
    }

    /// Threads running now.
    public var threadCount: Int {
        condition.withLock { threads }
    }

    /// Lets the threads finish what is queued and exit.
    public func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    private func runJobs() {
        while true {
            condition.lock()
            while head == jobs.count && !stopping {
                idle += 1
                let woken = condition.wait(until: Date(timeIntervalSinceNow: idleSeconds))
                idle -= 1
                if !woken && head == jobs.count { break }
            }
            guard head < jobs.count, let job = jobs[head] else {
                threads -= 1
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

extension StoreCallThreads.Refusal {
    /// The refusal in words, for the error its askers get.
    func reason(timeout: Double, queueLimit: Int) -> String {
        switch self {
        case .queueFull: "too many calls are waiting for the snapshot store (limit \(queueLimit))"
        case .deadlinePassed: "the snapshot store's call waited past its \(timeout) s deadline"
        }
    }
}
