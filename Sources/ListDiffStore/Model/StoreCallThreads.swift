import Foundation

/// A fixed set of threads that run store calls, fed by a bounded FIFO queue: a store that
/// stops answering holds at most these threads, and the calls behind them wait in a queue
/// that cannot grow without bound. Each call runs with its ``StoreCallDeadline`` bound,
/// counted from when it was queued; one whose deadline passed while it waited is refused
/// without running.
///
/// The service's executor runs its background store calls here; a store made without one
/// (in tests, or a program using a store alone) makes its own.
public final class StoreCallThreads: BackgroundStoreCalls, @unchecked Sendable {
    // Sendable argument: `jobs`, `head` and `stopping` are only touched while holding
    // `condition`'s lock; the rest is immutable.
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

    public init(threadCount: Int, timeout: Double, queueLimit: Int, name: String = "listdiff-store") {
        self.timeout = timeout
        self.queueLimit = max(0, queueLimit)
        for index in 0..<max(1, threadCount) {
            let thread = Thread { [self] in runJobs() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
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
        let queued: Bool = condition.withLock {
            guard jobs.count - head < queueLimit else { return false }
            jobs.append(job)
            condition.signal()
            return true
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

extension StoreCallThreads.Refusal {
    /// The refusal in words, for the error its askers get.
    func reason(timeout: Double, queueLimit: Int) -> String {
        switch self {
        case .queueFull: "too many calls are waiting for the snapshot store (limit \(queueLimit))"
        case .deadlinePassed: "the snapshot store's call waited past its \(timeout) s deadline"
        }
    }
}
