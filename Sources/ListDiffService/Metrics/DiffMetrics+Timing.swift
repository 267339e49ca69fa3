import Foundation
import ListDiff
import ListDiffWire

extension DiffMetrics {
    /// The changeset from `old` to `new` — the diff of their visible rows, which are the
    /// snapshots' own unless one has an outline — assembled in `format`: one diff and one
    /// assembly counted. `codes` (a decoded request's) number the snapshots' own items, so
    /// they serve only when neither has an outline. O(diff + changeset).
    func changeset(
        from old: WireSnapshot, to new: WireSnapshot, codes: ItemCodes? = nil, format: ChangesetFormat
    ) throws(SectionedDiffError<WireID, WireID>) -> WireChangeset {
        let codes = old.hasOutlines || new.hasOutlines ? nil : codes
        let oldRows = old.visibleRows
        let newRows = new.visibleRows
        let diff = try matching(items: oldRows.numberOfItems + newRows.numberOfItems) {
            () throws(SectionedDiffError<WireID, WireID>) in
            try WireDiff(from: oldRows, to: newRows, codes: codes, options: format.options)
        }
        return assembled(diff, format: format)
    }

    /// `diff` (nil: nothing changed) assembled into the changeset `format` asks for, timed.
    /// O(changeset).
    func assembled(_ diff: WireDiff?, format: ChangesetFormat) -> WireChangeset {
        guard let diff else { return WireChangeset(nil, sequential: format.sequential) }
        let started = DispatchTime.now().uptimeNanoseconds
        defer { observeAssembly(seconds: Self.seconds(since: started)) }
        return WireChangeset(diff, sequential: format.sequential)
    }

    /// `body`, a diff of `items` items (both sides), timed and counted.
    func matching(items: Int, _ body: () throws(SectionedDiffError<WireID, WireID>) -> WireDiff)
        throws(SectionedDiffError<WireID, WireID>) -> WireDiff
    {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { observe(seconds: Self.seconds(since: started), items: items) }
        return try body()
    }

    static func seconds(since started: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
