import ListDiff

extension SectionedDiff where SectionID == WireID, ItemID == WireID, Content == WireContent {
    /// The diff of what two snapshots show: their visible rows (``WireSnapshot/visibleRows``),
    /// a snapshot's own unless it has an outline. `codes` (a decoded request's) number the
    /// snapshots' own items, so they serve only when neither has an outline. The one place
    /// that rule is written: every diff the service and the stores answer with is made here.
    /// - Complexity: O(rows + diff).
    @inlinable
    public init(
        ofRowsFrom old: WireSnapshot, to new: WireSnapshot, codes: ItemCodes? = nil, options: DiffOptions
    ) throws(SectionedDiffError<WireID, WireID>) {
        guard !old.hasOutlines, !new.hasOutlines else {
            try self.init(from: old.visibleRows, to: new.visibleRows, options: options)
            return
        }
        try self.init(from: old, to: new, codes: codes, options: options)
    }
}
