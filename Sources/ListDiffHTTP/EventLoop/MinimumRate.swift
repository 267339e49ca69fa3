/// The rule that cuts off slow bodies and slow readers (as Apache's `MinRate`): a transfer
/// that began at `startedAt` and has moved `bytes` may have taken `grace` plus the time those
/// bytes take at `bytesPerSecond`; later than that it is overdue. Progress alone (one byte
/// per pause) no longer keeps a connection, while a large transfer at a fair rate always can.
struct MinimumRate {
    let grace: UInt64
    let nanosecondsPerByte: Double

    /// `grace` in nanoseconds; `bytesPerSecond` > 0.
    init(grace: UInt64, bytesPerSecond: Double) {
        self.grace = grace
        nanosecondsPerByte = 1e9 / max(bytesPerSecond, 1e-9)
    }

    /// Monotonic nanoseconds after which the transfer is overdue. O(1).
    func deadline(startedAt: UInt64, bytes: Int) -> UInt64 {
        let earned = Double(bytes) * nanosecondsPerByte
        return startedAt &+ grace &+ (earned < 1e18 ? UInt64(earned) : UInt64(1e18))
    }
}
