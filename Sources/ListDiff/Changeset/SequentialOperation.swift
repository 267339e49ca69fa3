/// One operation of a ``SequentialChangeset``. Every index refers to the state left by the
/// operations before it, as Android's `ListUpdateCallback` and virtualized web lists expect.
/// Runs of adjacent deletes, inserts and updates are coalesced into `at`/`count` ranges.
public enum SequentialOperation: Hashable, Sendable {
    case deleteSections(at: Int, count: Int)
    /// Inserted sections arrive with their items that the old snapshot lacks, in new order;
    /// the items they take from other sections are moved in afterwards (`moveItem`).
    case insertSections(at: Int, count: Int)
    /// Remove the section at `from`, then insert it at `to` of the resulting list.
    case moveSection(from: Int, to: Int)
    case reloadSections(at: Int, count: Int)
    case deleteItems(section: Int, at: Int, count: Int)
    case insertItems(section: Int, at: Int, count: Int)
    /// Remove the item at `from`, then insert it at `to` of the resulting state.
    case moveItem(from: ItemPath, to: ItemPath)
    case reloadItems(section: Int, at: Int, count: Int)
    case reconfigureItems(section: Int, at: Int, count: Int)
}

/// The changeset as operations applied one after another (Android, web lists).
public struct SequentialChangeset: Hashable, Sendable {
    public var operations: [SequentialOperation]

    public init(operations: [SequentialOperation] = []) {
        self.operations = operations
    }
}
