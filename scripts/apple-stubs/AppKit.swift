// Stand-in for AppKit, for type-checking Sources/ListDiffClient/Apple on Linux only
// (scripts/typecheck-apple-helpers.sh). It declares just what the helpers call, with the
// signatures the SDK gives Swift; it proves the helpers' Swift is sound, not that the SDK
// behaves. Update it when a helper calls something new.
@_exported import Foundation
@MainActor open class NSView {}
@MainActor open class NSCollectionView: NSView {
    open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil) {}
    open func reloadData() {}
    open func insertSections(_ sections: IndexSet) {}
    open func deleteSections(_ sections: IndexSet) {}
    open func reloadSections(_ sections: IndexSet) {}
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    open func insertItems(at indexPaths: Set<IndexPath>) {}
    open func deleteItems(at indexPaths: Set<IndexPath>) {}
    open func reloadItems(at indexPaths: Set<IndexPath>) {}
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
}
@MainActor open class NSTableView: NSView {
    public struct AnimationOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }; public static let effectFade = AnimationOptions(rawValue: 1) }
    open var numberOfColumns: Int { 1 }
    open func beginUpdates() {}
    open func endUpdates() {}
    open func reloadData() {}
    open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    open func moveRow(at oldIndex: Int, to newIndex: Int) {}
    open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {}
}
