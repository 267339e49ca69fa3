/// The changeset for UIKit: batch stages to apply in order with `performBatchUpdates`, then
/// content updates in final coordinates.
///
/// There is one stage unless one batch could only delete and insert again what the lists
/// keep. Each stage is one `performBatchUpdates`, and names the snapshot it leaves:
///
/// - A section moves and items inside it change (R7 forbids item operations inside a moved
///   section): stage one moves the section with its items untouched, stage two changes them.
/// - An item of a kept section moves into an inserted section (R6 forbids the move): stage
///   one inserts the section without it, stage two moves it in.
/// - An item leaves a deleted section (R6 forbids moving it out): stage one moves it out
///   while the section stays, a last stage deletes the section. When it goes to a section of
///   one of the two cases above, the move is in stage two and the delete in stage three;
///   otherwise the delete joins stage two.
///
/// Stages after the first have no section moves or inserts. An empty `stages` means no
/// structural change.
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
