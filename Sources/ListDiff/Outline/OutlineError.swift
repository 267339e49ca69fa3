/// Why an ``Outline`` could not be built or changed; the outline is unchanged.
public enum OutlineError<ItemID: Hashable & Sendable>: Error, Equatable, CustomStringConvertible {
    /// Identifiers that appear more than once anywhere in the tree (at most
    /// ``reportedDuplicateLimit`` of them).
    case duplicateItems([ItemID])
    /// An operation named an item the outline does not hold.
    case unknownItem(ItemID)

    /// How many duplicates an error names at most.
    public static var reportedDuplicateLimit: Int { 16 }

    public var description: String {
        switch self {
        case .duplicateItems(let ids):
            "item identifiers are not unique across the outline; duplicated: "
                + ids.map { "\"\($0)\"" }.joined(separator: ", ")
        case .unknownItem(let id):
            "the outline has no item \"\(id)\""
        }
    }
}
