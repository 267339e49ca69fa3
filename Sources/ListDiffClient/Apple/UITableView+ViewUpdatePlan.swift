#if canImport(UIKit)
import ListDiffWire
import UIKit

extension UITableView {
    /// Applies `plan` like ``UIKit/UICollectionView/apply(_:setSnapshot:completion:)``: each
    /// stage in one `performBatchUpdates` with the data source switched to its snapshot inside
    /// the block, then reloads and reconfigures against the final snapshot.
    @MainActor
    public func apply(
        _ plan: ViewUpdatePlan, setSnapshot: @escaping @MainActor (WireSnapshot) -> Void,
        animation: UITableView.RowAnimation = .automatic, completion: ((Bool) -> Void)? = nil
    ) {
        plan.performBatches(
            setSnapshot: setSnapshot, reload: reloadData,
            performBatch: { updates, completion in self.performBatchUpdates(updates, completion: completion) },
            applyStage: { batch in
                self.deleteSections(batch.deletedSections, with: animation)
                self.insertSections(batch.insertedSections, with: animation)
                for move in batch.movedSections { self.moveSection(move.from, toSection: move.to) }
                self.reloadSections(batch.reloadedSections, with: animation)
                self.deleteRows(at: batch.deletedItems, with: animation)
                self.insertRows(at: batch.insertedItems, with: animation)
                for move in batch.movedItems { self.moveRow(at: move.from, to: move.to) }
                self.reloadRows(at: batch.reloadedItems, with: animation)
            },
            applyUpdates: { updates in
                self.reloadSections(updates.reloadedSections, with: animation)
                self.reloadRows(at: updates.reloadedItems, with: animation)
                if #available(iOS 15.0, tvOS 15.0, *) {
                    self.reconfigureRows(at: updates.reconfiguredItems)
                } else {
                    self.reloadRows(at: updates.reconfiguredItems, with: animation)
                }
            }, completion: completion)
    }
}
#endif
