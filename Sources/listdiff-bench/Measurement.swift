/// Median, minimum and maximum of repeated timings, in milliseconds.
struct Measurement {
    let medianMs: Double
    let minMs: Double
    let maxMs: Double

    /// Times `body` `runs` times after `warmups` untimed runs (ContinuousClock, in process).
    static func of(warmups: Int, runs: Int, _ body: () -> Void) -> Measurement {
        for _ in 0..<warmups { body() }
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(runs)
        for _ in 0..<runs {
            let elapsed = clock.measure(body)
            times.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        times.sort()
        return Measurement(medianMs: times[times.count / 2], minMs: times.first ?? 0, maxMs: times.last ?? 0)
    }
}
