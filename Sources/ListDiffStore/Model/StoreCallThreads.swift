import Foundation
import ListDiffThreads

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
public final class StoreCallThreads: BackgroundStoreCalls, Sendable {
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
    private let threads: JobThreads

    public init(
        threadCount: Int, timeout: Double, queueLimit: Int, idleSeconds: Double = 10, name: String = "listdiff-store"
    ) {
        self.timeout = timeout
        self.queueLimit = max(0, queueLimit)
        threads = JobThreads(threadCount: threadCount, name: name, idleSeconds: idleSeconds)
    }

    /// Runs `call` on one of the threads with its deadline bound (``timeout`` from `queuedAt`),
    /// or `refused` with why: at once on the calling thread when the queue is full, on the
    /// thread that took it when its deadline passed while it waited.
    public func submit(
        queuedAt: ContinuousClock.Instant, _ call: @escaping @Sendable () -> Void,
        refused: @escaping @Sendable (Refusal) -> Void
    ) {
        let deadline = queuedAt + .seconds(timeout)
        let queued = threads.submit(unlessQueued: queueLimit) {
            guard ContinuousClock.now < deadline else { return refused(.deadlinePassed) }
            StoreCallDeadline.run(by: deadline, call)
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
    public var queuedCount: Int { threads.queuedCount }

    /// Threads running now.
    public var threadCount: Int { threads.threadCount }

    /// Lets the threads finish what is queued and exit.
    public func stop() {
        threads.stop()
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
