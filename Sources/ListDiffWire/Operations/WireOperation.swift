import ListDiff

/// One operation of an operations list: an operation of the engine's snapshots, or one that
/// only an outline section takes (named after `NSDiffableDataSourceSectionSnapshot`'s). On an
/// outline section the snapshot operations act on subtrees: inserted items are siblings of
/// their anchor (and may bring children), a deleted or moved item takes its descendants along.
/// ``WireSnapshot/applying(_:)`` applies a list all or nothing; what a list may do and cost
/// before it is applied is in `WireOperation+Rules.swift`.
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

}
