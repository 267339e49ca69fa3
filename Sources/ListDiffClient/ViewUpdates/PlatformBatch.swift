import Foundation
import ListDiff

/// One stage in the shape UIKit's and AppKit's batch calls take: index sets for sections and
/// Foundation index paths (`[section, item]`) for items. The Apple helpers only forward these;
/// the conversion lives here, where the tests can drive it through the simulator.
public struct PlatformBatch: Sendable {
    public var deletedSections = IndexSet()
    public var insertedSections = IndexSet()
    public var movedSections: [(from: Int, to: Int)] = []
    public var reloadedSections = IndexSet()
    public var deletedItems: [Foundation.IndexPath] = []
    public var insertedItems: [Foundation.IndexPath] = []
    public var movedItems: [(from: Foundation.IndexPath, to: Foundation.IndexPath)] = []
    public var reloadedItems: [Foundation.IndexPath] = []
    /// Items to reconfigure in place (`reconfigureItems`, iOS 15+); only content updates have them.
    public var reconfiguredItems: [Foundation.IndexPath] = []

    /// One stage's operations. O(u).
    public init(_ update: BatchUpdate) {
        deletedSections = IndexSet(update.sectionDeletes)
        insertedSections = IndexSet(update.sectionInserts)
        movedSections = update.sectionMoves.map { ($0.from, $0.to) }
        reloadedSections = IndexSet(update.sectionReloads)
        deletedItems = update.itemDeletes.map(Self.path)
        insertedItems = update.itemInserts.map(Self.path)
        movedItems = update.itemMoves.map { (Self.path($0.from), Self.path($0.to)) }
        reloadedItems = update.itemReloads.map(Self.path)
    }

    /// The content updates, applied after the stages. O(u).
    public init(_ updates: ContentUpdates) {
        reloadedSections = IndexSet(updates.sectionReloads)
        reloadedItems = updates.itemReloads.map(Self.path)
        reconfiguredItems = updates.itemReconfigures.map(Self.path)
    }

    /// Back to the engine's form (for checking with the simulator). O(u).
    public var batchUpdate: BatchUpdate {
        BatchUpdate(
            sectionDeletes: Array(deletedSections), sectionInserts: Array(insertedSections),
            sectionMoves: movedSections.map { SectionMove(from: $0.from, to: $0.to) },
            sectionReloads: Array(reloadedSections),
            itemDeletes: deletedItems.map(Self.path), itemInserts: insertedItems.map(Self.path),
            itemMoves: movedItems.map { ItemMove(from: Self.path($0.from), to: Self.path($0.to)) },
            itemReloads: reloadedItems.map(Self.path))
    }

    /// The content updates back in the engine's form. O(u).
    public var contentUpdates: ContentUpdates {
        ContentUpdates(
            sectionReloads: Array(reloadedSections), itemReloads: reloadedItems.map(Self.path),
            itemReconfigures: reconfiguredItems.map(Self.path))
    }

    /// `IndexPath(item:section:)` is UIKit's and AppKit's; `[section, item]` is the same path
    /// on every platform.
    static func path(_ path: ListDiff.ItemPath) -> Foundation.IndexPath {
        Foundation.IndexPath(indexes: [path.section, path.item])
    }

    static func path(_ path: Foundation.IndexPath) -> ListDiff.ItemPath {
        ListDiff.ItemPath(section: path.count > 0 ? path[0] : 0, item: path.count > 1 ? path[1] : 0)
    }
}
