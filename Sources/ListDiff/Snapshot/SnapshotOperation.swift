/// One `NSDiffableDataSourceSnapshot`-style edit, as a value: what a client sends to change a
/// stored snapshot without resending it whole. ``Snapshot/applying(_:)`` applies a list of
/// them all or nothing.
public enum SnapshotOperation<
    SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Content: Equatable & Sendable
>: Sendable {
    public typealias Section = Snapshot<SectionID, ItemID, Content>.Section
    public typealias Item = Snapshot<SectionID, ItemID, Content>.Item

    case appendSections([Section])
    case insertSectionsBefore([Section], SectionID)
    case insertSectionsAfter([Section], SectionID)
    case deleteSections([SectionID])
    case moveSectionBefore(SectionID, SectionID)
    case moveSectionAfter(SectionID, SectionID)
    case reloadSections([SectionID])
    /// Appends to the named section, or to the last one when nil.
    case appendItems([Item], toSection: SectionID?)
    case insertItemsBefore([Item], ItemID)
    case insertItemsAfter([Item], ItemID)
    case deleteItems([ItemID])
    case deleteAllItems
    case moveItemBefore(ItemID, ItemID)
    case moveItemAfter(ItemID, ItemID)
    case reloadItems([ItemID])
    case reconfigureItems([ItemID])
}

/// Which operation of a list failed, and why; the snapshot it was applied to is unchanged.
public struct SnapshotOperationError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error, Equatable,
    CustomStringConvertible
{
    /// The failing operation's position in the list (0-based).
    public var index: Int
    public var reason: SnapshotError<SectionID, ItemID>

    public init(index: Int, reason: SnapshotError<SectionID, ItemID>) {
        self.index = index
        self.reason = reason
    }

    public var description: String { "operation \(index): \(reason)" }
}

extension Snapshot {
    public typealias Operation = SnapshotOperation<SectionID, ItemID, Content>

    /// The snapshot after every operation in order, or an error naming the first that fails;
    /// then nothing is applied (the receiver is a value and is never touched).
    /// - Complexity: the sum of the operations' costs; the item map is built once, lazily.
    public func applying(_ operations: [Operation]) throws(SnapshotOperationError<SectionID, ItemID>) -> Snapshot {
        var result = self
        for (index, operation) in operations.enumerated() {
            do {
                try result.apply(operation)
            } catch {
                throw SnapshotOperationError(index: index, reason: error)
            }
        }
        return result
    }

    /// Applies one operation; on error the snapshot is unchanged.
    public mutating func apply(_ operation: Operation) throws(SnapshotError<SectionID, ItemID>) {
        switch operation {
        case .appendSections(let sections): try appendSections(sections)
        case .insertSectionsBefore(let sections, let anchor): try insertSections(sections, beforeSection: anchor)
        case .insertSectionsAfter(let sections, let anchor): try insertSections(sections, afterSection: anchor)
        case .deleteSections(let ids): try deleteSections(ids)
        case .moveSectionBefore(let id, let anchor): try moveSection(id, beforeSection: anchor)
        case .moveSectionAfter(let id, let anchor): try moveSection(id, afterSection: anchor)
        case .reloadSections(let ids): try reloadSections(ids)
        case .appendItems(let items, let section): try appendItems(items, toSection: section)
        case .insertItemsBefore(let items, let anchor): try insertItems(items, beforeItem: anchor)
        case .insertItemsAfter(let items, let anchor): try insertItems(items, afterItem: anchor)
        case .deleteItems(let ids): try deleteItems(ids)
        case .deleteAllItems: deleteAllItems()
        case .moveItemBefore(let id, let anchor): try moveItem(id, beforeItem: anchor)
        case .moveItemAfter(let id, let anchor): try moveItem(id, afterItem: anchor)
        case .reloadItems(let ids): try reloadItems(ids)
        case .reconfigureItems(let ids): try reconfigureItems(ids)
        }
    }

    /// The same snapshot without marks: marks ask one diff for updates, so a stored snapshot
    /// drops them once that diff is made.
    public func clearingMarks() -> Snapshot {
        var result = self
        result.reloadedItems = []
        result.reconfiguredItems = []
        result.reloadedSections = []
        return result
    }
}
