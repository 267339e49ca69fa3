import Foundation
import ListDiffHTTP

/// Time spent diffing and items diffed, over every diff the service runs (stateless diffs,
/// writes, changes since a version, long polls answered).
final class DiffMetrics: @unchecked Sendable {
    // Sendable argument: `current` is only touched while holding `lock`.
    struct Figures {
        var latency = RequestMetrics.Latency()
        var items = 0
    }

    private let lock = NSLock()
    private var current = Figures()

    /// Counts one diff of `items` items (both sides) that took `seconds`.
    func observe(seconds: Double, items: Int) {
        lock.withLock {
            current.latency.observe(seconds)
            current.items += items
        }
    }

    var figures: Figures { lock.withLock { current } }
}
