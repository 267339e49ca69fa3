/// An event loop's timeouts in monotonic nanoseconds, converted once from the configured
/// seconds, and the minimum rates built on them.
struct LoopTimeouts {
    /// How often the loop publishes its statistics and checks the shutdown deadline, and how
    /// long a quiet connection keeps its buffers: a quarter of the shortest timeout, between
    /// 5 ms and 250 ms.
    let tick: UInt64
    let header: UInt64
    let body: UInt64
    let idle: UInt64
    let write: UInt64
    let linger: UInt64
    /// How slowly a request body may arrive, and a response be read, in all.
    let bodyRate: MinimumRate
    let writeRate: MinimumRate

    init(_ timeouts: HTTPTimeouts) {
        tick = min(max(MonotonicClock.nanoseconds(timeouts.shortest / 4), 5_000_000), 250_000_000)
        header = MonotonicClock.nanoseconds(timeouts.headerRead)
        body = MonotonicClock.nanoseconds(timeouts.bodyRead)
        idle = MonotonicClock.nanoseconds(timeouts.idle)
        write = MonotonicClock.nanoseconds(timeouts.write)
        linger = MonotonicClock.nanoseconds(timeouts.linger)
        bodyRate = MinimumRate(grace: body, bytesPerSecond: timeouts.minBodyRate)
        writeRate = MinimumRate(grace: write, bytesPerSecond: timeouts.minWriteRate)
    }
}
