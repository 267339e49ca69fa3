/// Where a store runs the calls it makes on its own behalf, off the thread that found them
/// due: the Redis store's answers to the waits another instance's write passed (found on its
/// subscriber's thread, which must keep reading), its reachability probe. Given to the store
/// by whoever owns store calls (the service's one executor), so that every store call has the
/// same threads, the same deadline rule and the same queue bound, and a refusal is counted.
public protocol BackgroundStoreCalls: Sendable {
    /// Runs `call` off the calling thread, with ``StoreCallDeadline`` bound to the store's
    /// timeout counted from `queuedAt`; or, when it cannot run in time (too many calls queued,
    /// or its deadline passed before a thread took it), runs `refused` instead with the error
    /// the call's askers should get. Exactly one of the two runs.
    func run(
        queuedAt: ContinuousClock.Instant, _ call: @escaping @Sendable () -> Void,
        refused: @escaping @Sendable (StoreError) -> Void)
}
