#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ListDiffWire
extension NSTableView {
    /// Applies `plan` to a table's rows (every section's items in order). `NSTableView` applies
    /// edits one after another, not as a batch, so the rows are edited with ``RowEdit``s (one
    /// move per moved row) between `beginUpdates` and `endUpdates`, the data source already on
    /// the final snapshot; changed rows are reloaded after. A reload plan sets the snapshot and
    /// reloads.
    @MainActor
    public func apply(
        _ plan: ViewUpdatePlan, setSnapshot: @MainActor (WireSnapshot) -> Void,
        animation: NSTableView.AnimationOptions = .effectFade
    ) {
        guard !plan.isReload, let edits = try? RowEdit.edits(from: plan.previous, to: plan.final) else {
            setSnapshot(plan.final)
            reloadData()
            return
        }
        setSnapshot(plan.final)
        var reloaded = IndexSet()
        beginUpdates()
        for edit in edits {
            switch edit {
            case .remove(let rows): removeRows(at: rows, withAnimation: animation)
            case .insert(let rows): insertRows(at: rows, withAnimation: animation)
            case .move(let from, let to): moveRow(at: from, to: to)
            case .reload(let rows): reloaded.formUnion(rows)
            }
        }
        endUpdates()
        if !reloaded.isEmpty {
            reloadData(forRowIndexes: reloaded, columnIndexes: IndexSet(integersIn: 0..<numberOfColumns))
        }
    }
}
#endif
