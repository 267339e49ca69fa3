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
        guard !old.hasOutlines, !new.hasOutlines else {
            return try _changeset(from: old.visibleRows, to: new.visibleRows, codes: nil, format: format)
        }
        return try _changeset(from: old, to: new, codes: codes, format: format)
    }

    /// The diff of two snapshots' rows and its assembly, each timed; the two observed under
    /// one lock. Diffed and assembled here, in one frame, so the diff is never copied.
    private func _changeset(
        from old: WireSnapshot, to new: WireSnapshot, codes: ItemCodes?, format: ChangesetFormat
    ) throws(SectionedDiffError<WireID, WireID>) -> WireChangeset {
        let items = old.numberOfItems + new.numberOfItems
        let started = DispatchTime.now().uptimeNanoseconds
        let diff: WireDiff
        do {
            diff = try WireDiff(from: old, to: new, codes: codes, options: format.options)
        } catch {
            observe(seconds: Self.seconds(since: started), items: items)
            throw error
        }
        let matched = DispatchTime.now().uptimeNanoseconds
        let changeset = WireChangeset(diff, sequential: format.sequential)
        observe(
            seconds: Double(matched - started) / 1e9, items: items, assemblySeconds: Self.seconds(since: matched))
        return changeset
    }

    /// `diff` (nil: nothing changed) assembled into the changeset `format` asks for, timed.
    /// O(changeset).
    func assembled(_ diff: WireDiff?, format: ChangesetFormat) -> WireChangeset {
        guard let diff else { return WireChangeset.unchanged(sequential: format.sequential) }
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
