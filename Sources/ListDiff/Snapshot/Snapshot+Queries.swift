extension Snapshot {
    /// The number of sections. O(1).
    public var numberOfSections: Int { sections.count }

    /// The number of items across all sections. O(s) for s sections. Inlinable, so a caller
    /// outside the engine counts in code compiled for its types (no generic metadata lookups).
    @inlinable
    public var numberOfItems: Int {
        var count = 0
        for section in sections { count += section.items.count }
        return count
    }

    /// The section identifiers in order. O(s).
    public var sectionIdentifiers: [SectionID] { sections.map(\.id) }

    /// All item identifiers, section after section. O(n).
    public var itemIdentifiers: [ItemID] { sections.flatMap { $0.items.map(\.id) } }

    /// The number of items in a section.
    /// - Throws: ``SnapshotError/unknownSection(_:)``.
    public func numberOfItems(inSection id: SectionID) throws(SnapshotError<SectionID, ItemID>) -> Int {
        sections[try _index(ofSection: id)].items.count
    }

    /// The identifiers of a section's items in order. O(k) for the k items copied.
    /// - Throws: ``SnapshotError/unknownSection(_:)``.
    public func itemIdentifiers(inSection id: SectionID) throws(SnapshotError<SectionID, ItemID>) -> [ItemID] {
        sections[try _index(ofSection: id)].items.map(\.id)
    }

    /// The position of a section, or nil. O(1).
    public func indexOfSection(_ id: SectionID) -> Int? { _position(ofSection: id) }

    /// The position of an item in ``itemIdentifiers``, or nil.
    /// - Complexity: O(s + k) once the item map exists (any item operation builds it), else O(n).
    public func indexOfItem(_ id: ItemID) -> Int? {
        guard let path = indexPathOfItem(id) else { return nil }
        return sections[..<path.section].reduce(path.item) { $0 + $1.items.count }
    }

    /// The section and position of an item, or nil. Same complexity as ``indexOfItem(_:)``.
    public func indexPathOfItem(_ id: ItemID) -> ItemPath? {
        if let map = _itemSection {
            guard let sectionID = map[id], let section = _position(ofSection: sectionID),
                let item = sections[section].items.firstIndex(where: { $0.id == id })
            else { return nil }
            return ItemPath(section: section, item: item)
        }
        for (section, storage) in sections.enumerated() {
            if let item = storage.items.firstIndex(where: { $0.id == id }) {
                return ItemPath(section: section, item: item)
            }
        }
        return nil
    }

    /// The identifier of the section holding an item, or nil.
    public func sectionIdentifier(containingItem id: ItemID) -> SectionID? {
        if let map = _itemSection { return map[id] }
        return indexPathOfItem(id).map { sections[$0.section].id }
    }

    /// The item (identifier and content) with this identifier, or nil.
    public func item(_ id: ItemID) -> Item? {
        indexPathOfItem(id).map { sections[$0.section].items[$0.item] }
    }

    @usableFromInline
    func _index(ofSection id: SectionID) throws(SnapshotError<SectionID, ItemID>) -> Int {
        guard let index = _position(ofSection: id) else { throw .unknownSection(id) }
        return index
    }
}
