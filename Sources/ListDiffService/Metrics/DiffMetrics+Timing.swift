import Foundation
import ListDiff
import ListDiffWire

extension DiffMetrics {
    /// The changeset from `old` to `new` — the diff of their visible rows, which are the
    /// snapshots' own unless one has an outline — assembled in `format`, counted as one diff
    /// of both sides' items whose time covers the matching and the assembly alike.
    /// O(diff + changeset).
    func changeset(from old: WireSnapshot, to new: WireSnapshot, format: ChangesetFormat)
        throws(SectionedDiffError<WireID, WireID>) -> WireChangeset
    {
        let started = DispatchTime.now().uptimeNanoseconds
        defer {
            observe(
                seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9,
                items: old.numberOfItems + new.numberOfItems)
        }
        let diff = try WireDiff(from: old.visibleRows, to: new.visibleRows, options: format.options)
        return WireChangeset(diff, sequential: format.sequential)
    }
}
