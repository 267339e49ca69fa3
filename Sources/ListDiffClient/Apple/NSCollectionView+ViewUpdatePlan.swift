#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ListDiffWire
extension NSCollectionView: SectionBatchCalls {
    /// Applies `plan`: each stage in one `performBatchUpdates` with the data source switched
    /// to its snapshot inside the block, then the content updates as reloads (AppKit has no
    /// reconfigure) against the final snapshot. A reload plan sets the snapshot and reloads.
    @MainActor
    public func apply(
        _ plan: ViewUpdatePlan, setSnapshot: @escaping @MainActor (WireSnapshot) -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        plan.performBatches(
            setSnapshot: setSnapshot, reload: reloadData,
            performBatch: { updates, completion in self.performBatchUpdates(updates, completionHandler: completion) },
            applyStage: { batch in
                self.applySections(of: batch)
                self.deleteItems(at: Set(batch.deletedItems))
                self.insertItems(at: Set(batch.insertedItems))
                for move in batch.movedItems { self.moveItem(at: move.from, to: move.to) }
                self.reloadItems(at: Set(batch.reloadedItems))
            },
            applyUpdates: { updates in
                self.reloadSections(updates.reloadedSections)
                self.reloadItems(at: Set(updates.reloadedItems + updates.reconfiguredItems))
            }, completion: completion)
    }
}
#endif
