import Foundation
@_spi(Unchecked) import ListDiff
import ListDiffWire

/// Row edits for a view that applies them one after another (`NSTableView` between
/// `beginUpdates` and `endUpdates`): each index refers to the rows left by the edits before
/// it. Made from the engine's sequential changeset of a flat list, so one moved row is one
/// move.
public enum RowEdit: Hashable, Sendable {
    case remove(IndexSet)
    case insert(IndexSet)
    case move(from: Int, to: Int)
    case reload(IndexSet)

    /// The edits that turn the rows of `previous` into those of `final`, both flat lists
    /// (every section's items in order, as a table shows them). Reloads name rows whose content
    /// changed or that are marked, in the final rows. O(n) expected.
    public static func edits(from previous: WireSnapshot, to final: WireSnapshot) throws(SectionedDiffError<
        WireID, WireID
    >) -> [RowEdit] {
        let diff = try WireDiff(
            from: flatten(previous), to: flatten(final), options: DiffOptions(contentUpdates: .reload))
        return diff.sequential.operations.compactMap { operation -> RowEdit? in
            switch operation {
            case .deleteItems(_, let at, let count): .remove(IndexSet(integersIn: at..<(at + count)))
            case .insertItems(_, let at, let count): .insert(IndexSet(integersIn: at..<(at + count)))
            case .moveItem(let from, let to): .move(from: from.item, to: to.item)
            case .reloadItems(_, let at, let count), .reconfigureItems(_, let at, let count):
                .reload(IndexSet(integersIn: at..<(at + count)))
            case .deleteSections, .insertSections, .moveSection, .reloadSections: nil
            }
        }
    }

    /// All items of `snapshot` in one section, as a table's rows. O(n).
    static func flatten(_ snapshot: WireSnapshot) -> WireSnapshot {
        if snapshot.sections.count == 1, snapshot.sections[0].id == WireID.flatSection { return snapshot }
        let items = ContiguousArray(snapshot.sections.lazy.flatMap(\.items))
        return WireSnapshot(uncheckedUniqueSections: [WireSnapshot.Section(WireID.flatSection, items: items)])
    }
}
