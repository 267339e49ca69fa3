// Stand-in for UIKit, for type-checking Sources/ListDiffClient/Apple on Linux only
// (scripts/typecheck-apple-helpers.sh). It declares just what the helpers call, with the
// signatures the SDK gives Swift; it proves the helpers' Swift is sound, not that the SDK
// behaves. Update it when a helper calls something new.
@_exported import Foundation
@MainActor open class UIView {}
@MainActor open class UIScrollView: UIView {}
@MainActor open class UICollectionView: UIScrollView {
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
    open func reloadData() {}
    open func insertSections(_ sections: IndexSet) {}
    open func deleteSections(_ sections: IndexSet) {}
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    open func reloadSections(_ sections: IndexSet) {}
    open func insertItems(at indexPaths: [IndexPath]) {}
    open func deleteItems(at indexPaths: [IndexPath]) {}
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    open func reloadItems(at indexPaths: [IndexPath]) {}
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureItems(at indexPaths: [IndexPath]) {}
}
@MainActor open class UITableView: UIScrollView {
    public enum RowAnimation: Int, @unchecked Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
    open func reloadData() {}
    open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureRows(at indexPaths: [IndexPath]) {}
}
