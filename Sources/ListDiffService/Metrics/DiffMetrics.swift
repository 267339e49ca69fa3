import Foundation
import ListDiffHTTP

/// Time spent diffing and items diffed, over every diff the service runs (stateless diffs,
/// writes, changes since a version, long polls answered), and the time spent assembling the
/// changesets it answers with: together, the engine's time.
final class DiffMetrics: @unchecked Sendable {
    // Sendable argument: `current` is only touched while holding `lock`.
    struct Figures {
        /// Matching old and new, per diff.
        var latency = RequestMetrics.Latency()
        var items = 0
        /// Assembling a diff into the changeset answered (batch stages or sequential steps).
        var assembly = RequestMetrics.Latency()
    }

    private let lock = NSLock()
    /// Only touched under `lock`, so the runtime's exclusivity check would only ever pass.
    @exclusivity(unchecked) private var current = Figures()

    /// Counts one diff of `items` items (both sides) that took `seconds`.
    func observe(seconds: Double, items: Int) {
        lock.withLock {
            current.latency.observe(seconds)
            current.items += items
        }
    }

    /// Counts one diff of `items` items that took `seconds` and its changeset, assembled in
    /// `assemblySeconds`.
    func observe(seconds: Double, items: Int, assemblySeconds: Double) {
        lock.withLock {
            current.latency.observe(seconds)
            current.items += items
            current.assembly.observe(assemblySeconds)
        }
    }

    /// Counts one changeset assembled in `seconds`.
    func observeAssembly(seconds: Double) {
        lock.withLock { current.assembly.observe(seconds) }
    }

    var figures: Figures { lock.withLock { current } }
}
