import Foundation
import ListDiff
import ListDiffWire

/// The changesets the service answers with, each diff and assembly timed into ``DiffMetrics``:
/// from two snapshots (`POST /v1/diff`), or assembled from a diff the store made.
struct TimedChangesets: Sendable {
    let metrics: DiffMetrics

    /// The changeset from `old` to `new` — the diff of what they show
    /// (`WireDiff(ofRowsFrom:to:codes:options:)`) — assembled in `format`: one diff and one
    /// assembly counted, under one lock. O(diff + changeset).
    func changeset(
        from old: WireSnapshot, to new: WireSnapshot, codes: ItemCodes? = nil, format: ChangesetFormat
    ) throws(SectionedDiffError<WireID, WireID>) -> WireChangeset {
        let started = DispatchTime.now().uptimeNanoseconds
        let diff: WireDiff
        do {
            diff = try WireDiff(ofRowsFrom: old, to: new, codes: codes, options: format.options)
        } catch {
            metrics.observe(seconds: Self.seconds(since: started), items: old.numberOfItems + new.numberOfItems)
            throw error
        }
        let matched = DispatchTime.now().uptimeNanoseconds
        let changeset = WireChangeset(diff, sequential: format.sequential)
        // The rows diffed: an outline's visible ones.
        metrics.observe(
            seconds: Double(matched - started) / 1e9, items: diff.old.numberOfItems + diff.new.numberOfItems,
            assemblySeconds: Self.seconds(since: matched))
        return changeset
    }

    /// `diff` (nil: nothing changed) assembled into the changeset `format` asks for, timed.
    /// O(changeset).
    func assembled(_ diff: WireDiff?, format: ChangesetFormat) -> WireChangeset {
        guard let diff else { return WireChangeset.unchanged(sequential: format.sequential) }
        let started = DispatchTime.now().uptimeNanoseconds
        defer { metrics.observeAssembly(seconds: Self.seconds(since: started)) }
        return WireChangeset(diff, sequential: format.sequential)
    }

    static func seconds(since started: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
