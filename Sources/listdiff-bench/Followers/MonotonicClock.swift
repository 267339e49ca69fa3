import Glibc

/// Nanoseconds on CLOCK_MONOTONIC: one clock for a write's send, its answer and the event
/// that delivers it, never stepped by NTP.
enum MonotonicClock {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
