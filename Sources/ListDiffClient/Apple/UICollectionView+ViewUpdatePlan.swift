#if canImport(UIKit)
import ListDiffWire
import UIKit

extension UICollectionView: SectionBatchCalls {
    /// Applies `plan` the way that cannot raise `NSInternalInconsistencyException`: each stage
    /// in one `performBatchUpdates` whose block first hands that stage's snapshot to
    /// `setSnapshot` (the data source answers from it from then on), then the reloads and
    /// reconfigures against the final snapshot. A reload plan sets the snapshot and reloads.
    @MainActor
    public func apply(
        _ plan: ViewUpdatePlan, setSnapshot: @escaping @MainActor (WireSnapshot) -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        plan.performBatches(
            setSnapshot: setSnapshot, reload: reloadData,
            performBatch: { updates, completion in self.performBatchUpdates(updates, completion: completion) },
            applyStage: { batch in
                self.applySections(of: batch)
                self.deleteItems(at: batch.deletedItems)
                self.insertItems(at: batch.insertedItems)
                for move in batch.movedItems { self.moveItem(at: move.from, to: move.to) }
                self.reloadItems(at: batch.reloadedItems)
            },
            applyUpdates: { updates in
                self.reloadSections(updates.reloadedSections)
                self.reloadItems(at: updates.reloadedItems)
                if #available(iOS 15.0, tvOS 15.0, *) {
                    self.reconfigureItems(at: updates.reconfiguredItems)
                } else {
                    self.reloadItems(at: updates.reconfiguredItems)
                }
            }, completion: completion)
    }
}
#endif
