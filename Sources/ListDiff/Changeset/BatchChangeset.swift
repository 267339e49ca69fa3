/// The changeset for UIKit: batch stages to apply in order with `performBatchUpdates`, then
/// content updates in final coordinates.
///
/// There is one stage in all but two situations, where one batch could only delete and
/// insert again what the lists keep: a section moves and items inside it change too (rule
/// R7 forbids item operations inside a moved section in the same batch), or an item of a
/// kept section moves into an inserted one (R6 forbids the move). The first stage moves
/// sections with their items untouched and inserts sections without the items arriving from
/// kept ones; a second stage, with no section operations, changes and moves the items. An
/// empty `stages` means no structural change.
public struct BatchChangeset: Hashable, Sendable {
    public var stages: [BatchUpdate]
    public var updates: ContentUpdates

    public init(stages: [BatchUpdate] = [], updates: ContentUpdates = ContentUpdates()) {
        self.stages = stages
        self.updates = updates
    }

    /// True when nothing changed at all.
    public var isEmpty: Bool { stages.allSatisfy(\.isEmpty) && updates.isEmpty }

    /// Operation counts over all stages.
    public var counts: ChangesetCounts {
        var counts = ChangesetCounts()
        for stage in stages {
            counts.sectionDeletes += stage.sectionDeletes.count
            counts.sectionInserts += stage.sectionInserts.count
            counts.sectionMoves += stage.sectionMoves.count
            counts.sectionReloads += stage.sectionReloads.count
            counts.itemDeletes += stage.itemDeletes.count
            counts.itemInserts += stage.itemInserts.count
            counts.itemMoves += stage.itemMoves.count
            counts.itemReloads += stage.itemReloads.count
        }
        counts.sectionReloads += updates.sectionReloads.count
        counts.itemReloads += updates.itemReloads.count
        counts.itemReconfigures += updates.itemReconfigures.count
        return counts
    }
}

/// How many operations of each kind a changeset holds.
public struct ChangesetCounts: Hashable, Sendable {
    public var sectionDeletes = 0
    public var sectionInserts = 0
    public var sectionMoves = 0
    public var sectionReloads = 0
    public var itemDeletes = 0
    public var itemInserts = 0
    public var itemMoves = 0
    public var itemReloads = 0
    public var itemReconfigures = 0

    public init() {}
}
