/// How a connection's queued output has been going, for the write timeout and the minimum
/// write rate (``MinimumRate``): a reader that takes nothing, or too little, is cut off.
struct WriteProgress {
    /// When queued output last went from empty to non-empty.
    private(set) var startedAt: UInt64
    /// Bytes sent since `startedAt`.
    private(set) var bytesSinceStart = 0
    /// Last time queued output made progress.
    private(set) var lastProgressAt: UInt64

    init(now: UInt64) {
        startedAt = now
        lastProgressAt = now
    }

    /// Output is queued on an empty queue: the clock starts again.
    mutating func restart(now: UInt64) {
        startedAt = now
        lastProgressAt = now
        bytesSinceStart = 0
    }

    /// `bytes` more were sent (0 if the socket took nothing).
    mutating func sent(_ bytes: Int) {
        precondition(bytes >= 0, "sent a negative byte count")
        bytesSinceStart += bytes
    }

    mutating func progressed(now: UInt64) {
        lastProgressAt = now
    }

    /// When the output becomes overdue: no progress for `timeout` ns, or slower than `rate`.
    func deadline(timeout: UInt64, rate: MinimumRate) -> UInt64 {
        min(lastProgressAt &+ timeout, rate.deadline(startedAt: startedAt, bytes: bytesSinceStart))
    }
}
