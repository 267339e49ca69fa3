// Compiled into the harness's ListKit target: public, concrete entry points to ListKit's
// internal diffs, so that they are specialised for the scenarios' identifier types inside
// ListKit's own module (as an app's call through ListKit's data source would be).

/// The operation counts of one ListKit diff.
public struct ListKitCounts: Sendable {
    public var sectionDeletes = 0
    public var sectionInserts = 0
    public var sectionMoves = 0
    public var deletes = 0
    public var inserts = 0
    public var moves = 0
    public var updates = 0
}

public enum ListKitBench {
    public static func heckel(_ old: [Int], _ new: [Int]) -> ListKitCounts { heckelCounts(old, new) }
    public static func heckel(_ old: [String], _ new: [String]) -> ListKitCounts { heckelCounts(old, new) }

    public static func sectioned(
        _ old: DiffableDataSourceSnapshot<Int, Int>, _ new: DiffableDataSourceSnapshot<Int, Int>
    ) -> ListKitCounts { sectionedCounts(old, new) }

    public static func sectioned(
        _ old: DiffableDataSourceSnapshot<Int, String>, _ new: DiffableDataSourceSnapshot<Int, String>
    ) -> ListKitCounts { sectionedCounts(old, new) }

    static func heckelCounts<T: Hashable>(_ old: [T], _ new: [T]) -> ListKitCounts {
        let diff = HeckelDiff.diff(old: old, new: new)
        return ListKitCounts(deletes: diff.deletes.count, inserts: diff.inserts.count, moves: diff.moves.count)
    }

    static func sectionedCounts<S: Hashable & Sendable, I: Hashable & Sendable>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
    ) -> ListKitCounts {
        let changes = SectionedDiff.diff(old: old, new: new)
        return ListKitCounts(
            sectionDeletes: changes.sectionDeletes.count, sectionInserts: changes.sectionInserts.count,
            sectionMoves: changes.sectionMoves.count, deletes: changes.itemDeletes.count,
            inserts: changes.itemInserts.count, moves: changes.itemMoves.count,
            updates: changes.sectionReloads.count + changes.itemReloads.count + changes.itemReconfigures.count)
    }
}
