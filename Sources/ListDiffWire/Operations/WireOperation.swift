import ListDiff

/// One operation of an operations list: an operation of the engine's snapshots, or one that
/// only an outline section takes (named after `NSDiffableDataSourceSectionSnapshot`'s). On an
/// outline section the snapshot operations act on subtrees: inserted items are siblings of
/// their anchor (and may bring children), a deleted or moved item takes its descendants along.
/// ``WireSnapshot/applying(_:)`` applies a list all or nothing.
public enum WireOperation: Sendable {
    case snapshot(WireSnapshotOperation)
    /// `appendItems` with a `parent`: the items (with their subtrees) become its last children.
    case appendChildren([WireSnapshot.Item], parent: WireID)
    /// The parent's children (and their subtrees) replaced with the items.
    case replaceChildren(of: WireID, with: [WireSnapshot.Item])
    /// The items show their children (each keeps its own flag under a collapsed ancestor).
    case expand([WireID])
    /// The items hide their children; each child keeps its own flag.
    case collapse([WireID])

    /// How many item steps the operation may cost per item of the snapshot, for a request's
    /// work limit: 1, but an operation that may change an outline section's structure
    /// (appending or replacing children, and item operations on a snapshot with outlines)
    /// costs ``outlineStepWeight`` — measured at 12–13 ns an item against 3–4.7 ns for an item
    /// operation on a flat section (`listdiff-bench --filter operations-200k`). O(1).
    public func stepWeight(onSnapshotWithOutlines hasOutlines: Bool) -> Int {
        switch self {
        case .expand, .collapse: return 1
        case .appendChildren, .replaceChildren: return Self.outlineStepWeight
        case .snapshot(let operation):
            switch operation {
            case .appendItems, .insertItemsBefore, .insertItemsAfter, .deleteItems, .moveItemBefore, .moveItemAfter:
                return hasOutlines ? Self.outlineStepWeight : 1
            default:
                return 1
            }
        }
    }

    /// The item steps of an operation that may change an outline section's structure.
    public static let outlineStepWeight = 4

    /// Whether the operation makes, changes or names a section (see
    /// ``SnapshotOperation/referencesSection``); a flat list has none to offer. O(1).
    public var referencesSection: Bool {
        guard case .snapshot(let operation) = self else { return false }
        return operation.referencesSection
    }
}
