import ListDiffStore

/// Whether a store call may still run, and by when it must be done: counted from when the call
/// was queued (a request, from when the transport queued it for a worker or its loop; a long
/// poll's answer, from its wake), never from the request's arrival.
///
/// The one rule for every store, at the store-call boundary rather than in the transport: a
/// call whose asker has gone is not run; one whose deadline passed while it was queued is
/// refused without touching the store; one that runs has its deadline bound
/// (``StoreCallDeadline``), so a store that waits on the network waits no longer than what is
/// left of it.
struct StoreCallAdmission: Sendable {
    /// Why a call was not run, or not answered by the store in time.
    enum Refusal: Sendable {
        /// Whoever asked is gone: nobody would read the answer.
        case askerGone
        /// The deadline passed, before the call ran or while it ran.
        case deadlinePassed
        /// Too many calls were waiting already.
        case queueFull
    }

    let queuedAt: ContinuousClock.Instant
    let deadline: ContinuousClock.Instant
    /// The timeout the deadline was counted with, in seconds, for the answer's words.
    let timeout: Double
    private let isAskerGone: @Sendable () -> Bool

    init(queuedAt: ContinuousClock.Instant, timeout: Double, isAskerGone: @escaping @Sendable () -> Bool = { false }) {
        self.queuedAt = queuedAt
        self.timeout = timeout
        deadline = queuedAt + .seconds(timeout)
        self.isAskerGone = isAskerGone
    }

    /// Why `call` may not start now, or nil if it may.
    func refusal(at now: ContinuousClock.Instant = .now) -> Refusal? {
        if isAskerGone() { return .askerGone }
        if now >= deadline { return .deadlinePassed }
        return nil
    }

    /// Runs `call` with the deadline bound for its store calls, or throws the refusal's problem
    /// (counted in `refusals`) without running it.
    func run<T>(counting refusals: StoreCallRefusals, _ call: () throws(ServiceProblem) -> T) throws(ServiceProblem)
        -> T
    {
        if let refusal = refusal() {
            refusals.count(refusal)
            throw ServiceProblem.storeCallRefused(refusal, timeout: timeout)
        }
        return try StoreCallDeadline.run(by: deadline, call)
    }
}
