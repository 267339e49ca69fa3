extension Snapshot {
    /// Appends items to a section, or to the last section when `section` is nil.
    /// - Throws: ``SnapshotError/noSections``, ``SnapshotError/unknownSection(_:)`` or
    ///   ``SnapshotError/duplicateItems(_:)``; the snapshot is then unchanged.
    public mutating func appendItems(_ items: [Item], toSection section: SectionID? = nil) throws(SnapshotError<
        SectionID, ItemID
    >) {
        let position: Int
        if let section {
            position = try _index(ofSection: section)
        } else {
            guard !sections.isEmpty else { throw .noSections }
            position = sections.count - 1
        }
        try _insertItems(items, section: position, at: sections[position].items.count)
    }

    /// Inserts items just before an existing item, in that item's section.
    public mutating func insertItems(_ items: [Item], beforeItem anchor: ItemID) throws(SnapshotError<
        SectionID, ItemID
    >) {
        if items.contains(where: { $0.id == anchor }) { throw .itemRelativeToItself(anchor) }
        let path = try _locate(anchor)
        try _insertItems(items, section: path.section, at: path.item)
    }

    /// Inserts items just after an existing item, in that item's section.
    public mutating func insertItems(_ items: [Item], afterItem anchor: ItemID) throws(SnapshotError<SectionID, ItemID>)
    {
        if items.contains(where: { $0.id == anchor }) { throw .itemRelativeToItself(anchor) }
        let path = try _locate(anchor)
        try _insertItems(items, section: path.section, at: path.item + 1)
    }

    /// Deletes items wherever they are.
    /// - Throws: ``SnapshotError/unknownItem(_:)``; the snapshot is then unchanged.
    public mutating func deleteItems(_ ids: [ItemID]) throws(SnapshotError<SectionID, ItemID>) {
        _ensureItemSectionMap()
        var bySection: [Int: Set<ItemID>] = [:]
        for id in ids {
            guard let sectionID = _itemSection?[id], let section = _position(ofSection: sectionID) else {
                throw .unknownItem(id)
            }
            bySection[section, default: []].insert(id)
        }
        for (section, doomed) in bySection {
            sections[section].items.removeAll { doomed.contains($0.id) }
            for id in doomed {
                _itemSection?[id] = nil
                reloadedItems.remove(id)
                reconfiguredItems.remove(id)
            }
        }
    }

    /// Deletes every item, keeping the sections.
    public mutating func deleteAllItems() {
        for position in sections.indices { sections[position].items.removeAll() }
        _itemSection = [:]
        reloadedItems.removeAll()
        reconfiguredItems.removeAll()
    }

    /// Moves an item so it stands just before another (possibly in another section).
    public mutating func moveItem(_ id: ItemID, beforeItem anchor: ItemID) throws(SnapshotError<SectionID, ItemID>) {
        try _moveItem(id, relativeTo: anchor, after: false)
    }

    /// Moves an item so it stands just after another (possibly in another section).
    public mutating func moveItem(_ id: ItemID, afterItem anchor: ItemID) throws(SnapshotError<SectionID, ItemID>) {
        try _moveItem(id, relativeTo: anchor, after: true)
    }

    /// Marks items to be reloaded by the next diff even if their content is equal.
    public mutating func reloadItems(_ ids: [ItemID]) throws(SnapshotError<SectionID, ItemID>) {
        for id in ids { _ = try _locate(id) }
        reloadedItems.formUnion(ids)
    }

    /// Marks items to be reconfigured by the next diff even if their content is equal.
    public mutating func reconfigureItems(_ ids: [ItemID]) throws(SnapshotError<SectionID, ItemID>) {
        for id in ids { _ = try _locate(id) }
        reconfiguredItems.formUnion(ids)
    }

    /// Replaces an item's content; the next diff reports it as updated if it differs.
    public mutating func setContent(_ content: Content?, ofItem id: ItemID) throws(SnapshotError<SectionID, ItemID>) {
        let path = try _locate(id)
        sections[path.section].items[path.item].content = content
    }

    /// Builds the item → section map if this snapshot does not have it yet. O(n), once.
    mutating func _ensureItemSectionMap() {
        guard _itemSection == nil else { return }
        var map = [ItemID: SectionID](minimumCapacity: numberOfItems)
        for section in sections { for item in section.items { map[item.id] = section.id } }
        _itemSection = map
    }

    mutating func _locate(_ id: ItemID) throws(SnapshotError<SectionID, ItemID>) -> ItemPath {
        _ensureItemSectionMap()
        guard let path = indexPathOfItem(id) else { throw .unknownItem(id) }
        return path
    }

    /// Throws if any of `items` is already in the snapshot or repeats. Needs the item map.
    func _checkNewItems(_ items: some Sequence<Item>) throws(SnapshotError<SectionID, ItemID>) {
        var seen = Set<ItemID>()
        var duplicates: [ItemID] = []
        for item in items where _itemSection?[item.id] != nil || !seen.insert(item.id).inserted {
            if duplicates.count < SnapshotError<SectionID, ItemID>.reportedDuplicateLimit { duplicates.append(item.id) }
        }
        if !duplicates.isEmpty { throw .duplicateItems(duplicates) }
    }

    mutating func _insertItems(_ items: [Item], section: Int, at position: Int) throws(SnapshotError<SectionID, ItemID>)
    {
        _ensureItemSectionMap()
        try _checkNewItems(items)
        sections[section].items.insert(contentsOf: items, at: position)
        let sectionID = sections[section].id
        for item in items { _itemSection?[item.id] = sectionID }
    }

    mutating func _moveItem(_ id: ItemID, relativeTo anchor: ItemID, after: Bool) throws(SnapshotError<
        SectionID, ItemID
    >) {
        if id == anchor { throw .itemRelativeToItself(id) }
        let from = try _locate(id)
        _ = try _locate(anchor)
        let moving = sections[from.section].items.remove(at: from.item)
        guard let target = indexPathOfItem(anchor) else { throw .unknownItem(anchor) }
        sections[target.section].items.insert(moving, at: target.item + (after ? 1 : 0))
        let sectionID = sections[target.section].id
        _itemSection?[id] = sectionID
    }
}
