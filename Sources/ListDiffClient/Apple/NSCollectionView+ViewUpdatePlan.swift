#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ListDiffWire
extension NSCollectionView {
    /// Applies `plan`: each stage in one `performBatchUpdates` with the data source switched
    /// to its snapshot inside the block, then the content updates as reloads (AppKit has no
    /// reconfigure) against the final snapshot. A reload plan sets the snapshot and reloads.
    @MainActor
    public func apply(
        _ plan: ViewUpdatePlan, setSnapshot: @escaping @MainActor (WireSnapshot) -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        if plan.reloadsWholeView(setSnapshot: setSnapshot, reload: reloadData) {
            completion?(true)
            return
        }
        for stage in plan.stages {
            let batch = PlatformBatch(stage.update)
            performBatchUpdates(
                {
                    setSnapshot(stage.snapshot)
                    self.deleteSections(batch.deletedSections)
                    self.insertSections(batch.insertedSections)
                    for move in batch.movedSections { self.moveSection(move.from, toSection: move.to) }
                    self.reloadSections(batch.reloadedSections)
                    self.deleteItems(at: Set(batch.deletedItems))
                    self.insertItems(at: Set(batch.insertedItems))
                    for move in batch.movedItems { self.moveItem(at: move.from, to: move.to) }
                    self.reloadItems(at: Set(batch.reloadedItems))
                }, completionHandler: nil)
        }
        let updates = PlatformBatch(plan.updates)
        performBatchUpdates(
            {
                setSnapshot(plan.final)
                self.reloadSections(updates.reloadedSections)
                self.reloadItems(at: Set(updates.reloadedItems + updates.reconfiguredItems))
            }, completionHandler: completion)
    }
}
#endif
