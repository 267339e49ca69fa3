/// Why a snapshot could not be built or changed. Each case is a place where
/// `NSDiffableDataSourceSnapshot` would crash; ours says what and why instead.
public enum SnapshotError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error, Equatable,
    CustomStringConvertible
{
    /// Section identifiers that occur more than once (the first few).
    case duplicateSections([SectionID])
    /// Item identifiers that occur more than once in the snapshot (the first few).
    case duplicateItems([ItemID])
    /// An operation named a section the snapshot does not hold.
    case unknownSection(SectionID)
    /// An operation named an item the snapshot does not hold.
    case unknownItem(ItemID)
    /// Items cannot be appended to "the last section" of a snapshot that has none.
    case noSections
    /// A section was to be inserted or moved relative to itself.
    case sectionRelativeToItself(SectionID)
    /// An item was to be inserted or moved relative to itself.
    case itemRelativeToItself(ItemID)
    /// An item's children, or its expanding and collapsing, were asked of a section that is
    /// not an outline (the item named: the parent, or the first item brought with children).
    case notInOutline(ItemID)

    /// How many duplicates an error lists at most; enough to act on, bounded for huge inputs.
    public static var reportedDuplicateLimit: Int { 20 }

    public var description: String {
        switch self {
        case .duplicateSections(let ids):
            "section identifiers are not unique; duplicated: \(Self._list(ids))"
        case .duplicateItems(let ids):
            "item identifiers are not unique across the snapshot; duplicated: \(Self._list(ids))"
        case .unknownSection(let id):
            "no section with identifier \(Self._quote(id)) in the snapshot"
        case .unknownItem(let id):
            "no item with identifier \(Self._quote(id)) in the snapshot"
        case .noSections:
            "cannot append items: the snapshot has no sections; append a section first"
        case .sectionRelativeToItself(let id):
            "section \(Self._quote(id)) cannot be placed relative to itself"
        case .itemRelativeToItself(let id):
            "item \(Self._quote(id)) cannot be placed relative to itself"
        case .notInOutline(let id):
            "item \(Self._quote(id)) is not in an outline section: children, expand and collapse need one (\"outline\": true)"
        }
    }

    static func _quote(_ value: some Any) -> String { "\"\(value)\"" }

    static func _list<T>(_ ids: [T]) -> String {
        let shown = ids.map { _quote($0) }.joined(separator: ", ")
        return ids.count >= reportedDuplicateLimit ? shown + " (first \(reportedDuplicateLimit) shown)" : shown
    }
}
