import ListDiffHTTP
import ListDiffStore

/// The one executor of store calls: every call to the store — a request route's, a long
/// poll's at the end of its wait, an event stream follower's, the Redis subscriber's
/// follow-ups — is admitted here, runs with its ``StoreCallDeadline`` bound (``timeout`` counted
/// from when it was queued or woken), waits in a queue bounded by
/// ``ServiceConfiguration/maxQueuedStoreCalls``, and is refused, counted in
/// `listdiff_store_calls_refused_total`, when it cannot run in time. Which thread runs it is
/// decided here too, so no caller branches on the store:
///
/// - a store that does not block (the memory store; one that answers later through its
///   completions) is called inline, wherever the caller is
///   (an event loop included: it answers in microseconds);
/// - one that waits on the network is called on threads of its own (``StoreCallThreads``),
///   never on an event loop or the Redis subscriber's thread. Request routes are the
///   exception: the transport already queues them for its worker threads (their answer must
///   go back through the connection's loop), so they run there, under this executor's queue
///   bound (``queueBound``) and admission (``runRequest(_:_:)``). Keeping the background calls
///   on threads apart means a burst of requests cannot starve the streams' follow-ups, nor
///   the other way round, and the transport needs no API for work that is not a request.
final class StoreCalls: BackgroundStoreCalls, Sendable {
    /// Threads for background calls when the store blocks: they mostly wait on round trips
    /// (the Redis client holds its thread for each), so many more than the cores — with a
    /// handful, a fleet's followers queued behind each other's round trips (docs/benchmarks.md,
    /// "A fleet on one Redis") — and still a bound on what a store that stopped answering holds.
    static let threadCount = 32

    /// Whether the store's calls wait on the network.
    let blocks: Bool
    /// Seconds a call may take, counted from when it was queued (`--store-timeout`).
    let timeout: Double
    /// Most calls waiting for a thread, per queue (`--store-queue-limit`).
    let queueLimit: Int
    /// Calls not run, or cut short, by their deadline, a full queue or a client gone.
    let refusals = StoreCallRefusals()
    /// The background calls' threads; nil when the store does not block.
    private let threads: StoreCallThreads?

    init(blocks: Bool, timeout: Double, queueLimit: Int) {
        self.blocks = blocks
        self.timeout = timeout
        self.queueLimit = queueLimit
        threads =
            blocks
            ? StoreCallThreads(threadCount: Self.threadCount, timeout: timeout, queueLimit: queueLimit) : nil
    }

    deinit {
        threads?.stop()
    }

    /// The cost of a route whose work is a store call alone: on the loop with a store that
    /// does not block, on a worker with one that does.
    var storeBoundCost: HandlerCost { blocks ? .heavy : .cheap }

    // MARK: Request routes

    /// The bound on request routes' store calls waiting for a worker: one more is answered
    /// 503 at once, counted.
    var queueBound: HTTPQueueBound {
        let limit = queueLimit
        let timeout = timeout
        let refusals = refusals
        return HTTPQueueBound(limit: limit) { _ in
            refusals.count(.queueFull)
            return ServiceProblem.storeCallRefused(.queueFull, timeout: timeout, limit: limit).response
        }
    }

    /// Runs a request route's handler on the thread the transport gave it, with its store
    /// calls' deadline counted from when the transport queued the request; refused (counted)
    /// without running when its client has gone or the deadline passed while it was queued.
    func runRequest<T>(_ request: HTTPRequest, _ handle: () throws(ServiceProblem) -> T) throws(ServiceProblem) -> T {
        let presence = request.clientPresence
        let admission = StoreCallAdmission(
            queuedAt: request.queuedAt, timeout: timeout, isAskerGone: { presence?.isGone ?? false })
        return try admission.run(counting: refusals, handle)
    }

    // MARK: Background calls

    /// Runs `call` where store calls run — inline when the store does not block, else on this
    /// executor's threads — with its deadline counted from `queuedAt`; or, when it cannot run
    /// in time (the queue full, or the deadline passed before a thread took it), counts the
    /// refusal and runs `refused` with the problem to answer instead. Exactly one of the two runs.
    func schedule(
        queuedAt: ContinuousClock.Instant = .now, _ call: @escaping @Sendable () -> Void,
        refused: @escaping @Sendable (ServiceProblem) -> Void
    ) {
        let admission = StoreCallAdmission(queuedAt: queuedAt, timeout: timeout)
        guard let threads else {
            if let refusal = admission.refusal() { return refuse(refusal, refused) }
            return StoreCallDeadline.run(by: admission.deadline, call)
        }
        threads.submit(queuedAt: queuedAt, call) { [self] refusal in
            switch refusal {
            case .queueFull: refuse(.queueFull, refused)
            case .deadlinePassed: refuse(.deadlinePassed, refused)
            }
        }
    }

    /// ``BackgroundStoreCalls``, for the store's own follow-ups: refused with the store error
    /// its waits are answered with (which the service turns into the same 503).
    func run(
        queuedAt: ContinuousClock.Instant, _ call: @escaping @Sendable () -> Void,
        refused: @escaping @Sendable (StoreError) -> Void
    ) {
        schedule(queuedAt: queuedAt, call) { problem in
            refused(.unavailable(problem.detail, outcomeUnknown: false))
        }
    }

    private func refuse(_ refusal: StoreCallAdmission.Refusal, _ refused: @Sendable (ServiceProblem) -> Void) {
        refusals.count(refusal)
        refused(.storeCallRefused(refusal, timeout: timeout, limit: queueLimit))
    }

    // MARK: Outcomes

    /// The problem a failed store call answers with: once the call's deadline has passed, a
    /// deadline refusal (counted; the store did not answer in time), else the store's own.
    func problem(_ error: StoreError, configuration: ServiceConfiguration) -> ServiceProblem {
        if case .unavailable(_, let outcomeUnknown) = error, StoreCallDeadline.hasPassed {
            refusals.count(.deadlinePassed)
            return .storeCallRefused(.deadlinePassed, timeout: timeout, outcomeUnknown: outcomeUnknown)
        }
        return ServiceProblem(error, configuration: configuration)
    }
}
