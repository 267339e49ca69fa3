import Foundation
import ListDiffHTTP

/// How long the round trips to a store's server take (none for the in-memory store).
final class StoreRoundTrips: @unchecked Sendable {
    // Sendable argument: `latency` is only touched while holding `lock`.
    private let lock = NSLock()
    private var latency = RequestMetrics.Latency()

    func observe(_ seconds: Double) {
        lock.withLock { latency.observe(seconds) }
    }

    var figures: RequestMetrics.Latency { lock.withLock { latency } }
}
