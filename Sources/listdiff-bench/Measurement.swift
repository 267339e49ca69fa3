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
        for _ in 0..<runs { times.append(milliseconds(clock.measure(body))) }
        return Measurement(samples: times)
    }

    /// The median, minimum and maximum of `samples` (at least one). O(n log n).
    init(samples: [Double]) {
        let sorted = samples.sorted()
        self.init(medianMs: sorted[sorted.count / 2], minMs: sorted.first ?? 0, maxMs: sorted.last ?? 0)
    }

    init(medianMs: Double, minMs: Double, maxMs: Double) {
        self.medianMs = medianMs
        self.minMs = minMs
        self.maxMs = maxMs
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    /// Times several bodies side by side, in alternating blocks: each round runs every body
    /// once untimed and then `block` times timed, body after body. Within a block a body runs
    /// in its own steady state (as a server answering only such requests would: its caches
    /// and allocator warm), while alternating the blocks spreads the drifting speed of a
    /// shared, noisy host over all the bodies alike, so their ratios stay meaningful.
    /// Returns one measurement per body, over `runs` timed runs each.
    static func interleaved(warmups: Int, runs: Int, block: Int = 3, _ bodies: [() -> Void]) -> [Measurement] {
        for _ in 0..<warmups { for body in bodies { body() } }
        let clock = ContinuousClock()
        var times = [[Double]](repeating: [], count: bodies.count)
        while times[0].count < runs {
            let size = min(block, runs - times[0].count)
            for (index, body) in bodies.enumerated() {
                body()
                for _ in 0..<size { times[index].append(milliseconds(clock.measure(body))) }
            }
        }
        return times.map(Measurement.init(samples:))
    }
}
