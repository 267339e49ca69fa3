/// The time by which the store call running on this thread must be done: bound by whoever
/// admits the call (the service, counting from when the call was queued), read by a store
/// that waits on the network, so that no wait of its — for a connection, for a reply — lasts
/// past it, and no round trip starts once it has passed.
///
/// A task-local value, bound around a synchronous call (the stores are called from threads,
/// not tasks): it follows the call through the store's code without a parameter on every
/// store method, and is unset for calls nobody bounded.
public enum StoreCallDeadline {
    @TaskLocal public static var current: ContinuousClock.Instant?

    /// Runs `body` with `deadline` bound for the store calls it makes.
    public static func run<T, E: Error>(by deadline: ContinuousClock.Instant, _ body: () throws(E) -> T) throws(E) -> T
    {
        let result = $current.withValue(deadline) { Result { () throws(E) in try body() } }
        return try result.get()
    }

    /// `body`, to be called later (a store's answer, on whatever thread gives it) inside the
    /// deadline bound now; `body` itself when none is.
    public static func carried<T>(_ body: @escaping @Sendable (T) -> Void) -> @Sendable (T) -> Void {
        guard let deadline = current else { return body }
        return { value in run(by: deadline) { body(value) } }
    }

    /// Seconds left before the bound deadline (zero or less once it passed); nil when unbound.
    public static var secondsLeft: Double? {
        guard let deadline = current else { return nil }
        let left = ContinuousClock.now.duration(to: deadline).components
        return Double(left.seconds) + Double(left.attoseconds) * 1e-18
    }

    /// Whether a bound deadline has passed.
    public static var hasPassed: Bool {
        guard let deadline = current else { return false }
        return ContinuousClock.now >= deadline
    }
}
