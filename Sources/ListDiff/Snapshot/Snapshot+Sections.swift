extension Snapshot {
    /// Appends sections at the end.
    /// - Throws: ``SnapshotError/duplicateSections(_:)`` if one exists already or repeats;
    ///   the snapshot is then unchanged.
    public mutating func appendSections(_ newSections: [Section]) throws(SnapshotError<SectionID, ItemID>) {
        try _insertSections(newSections, at: sections.count)
    }

    /// Inserts sections before an existing one.
    public mutating func insertSections(_ newSections: [Section], beforeSection anchor: SectionID) throws(SnapshotError<
        SectionID, ItemID
    >) {
        try _insertSections(newSections, at: try _index(ofSection: anchor))
    }

    /// Inserts sections after an existing one.
    public mutating func insertSections(_ newSections: [Section], afterSection anchor: SectionID) throws(SnapshotError<
        SectionID, ItemID
    >) {
        try _insertSections(newSections, at: try _index(ofSection: anchor) + 1)
    }

    /// Deletes sections and all their items.
    /// - Throws: ``SnapshotError/unknownSection(_:)``; the snapshot is then unchanged.
    public mutating func deleteSections(_ ids: [SectionID]) throws(SnapshotError<SectionID, ItemID>) {
        var doomed = Set<Int>()
        for id in ids { doomed.insert(try _index(ofSection: id)) }
        // The items go with their sections: out of the item map if there is one (none is built
        // for this), and out of the marks if there are any.
        let forget = _itemSection != nil || !reloadedItems.isEmpty || !reconfiguredItems.isEmpty
        for position in doomed {
            if forget {
                for item in sections[position].items {
                    _itemSection?[item.id] = nil
                    reloadedItems.remove(item.id)
                    reconfiguredItems.remove(item.id)
                }
            }
            reloadedSections.remove(sections[position].id)
        }
        sections = ContiguousArray(sections.enumerated().lazy.filter { !doomed.contains($0.offset) }.map(\.element))
        _reindexSections()
    }

    /// Moves a section so it stands just before another.
    public mutating func moveSection(_ id: SectionID, beforeSection anchor: SectionID) throws(SnapshotError<
        SectionID, ItemID
    >) {
        try _moveSection(id, relativeTo: anchor, after: false)
    }

    /// Moves a section so it stands just after another.
    public mutating func moveSection(_ id: SectionID, afterSection anchor: SectionID) throws(SnapshotError<
        SectionID, ItemID
    >) {
        try _moveSection(id, relativeTo: anchor, after: true)
    }

    /// Marks sections to be reloaded by the next diff even if their content is equal.
    public mutating func reloadSections(_ ids: [SectionID]) throws(SnapshotError<SectionID, ItemID>) {
        for id in ids { _ = try _index(ofSection: id) }
        reloadedSections.formUnion(ids)
    }

    /// Replaces a section's content (its items are untouched).
    public mutating func setContent(_ content: Content?, ofSection id: SectionID) throws(SnapshotError<
        SectionID, ItemID
    >) {
        sections[try _index(ofSection: id)].content = content
    }

    mutating func _insertSections(_ newSections: [Section], at position: Int) throws(SnapshotError<SectionID, ItemID>) {
        var seen = Set<SectionID>()
        var duplicates: [SectionID] = []
        for section in newSections where _position(ofSection: section.id) != nil || !seen.insert(section.id).inserted {
            duplicates.append(section.id)
        }
        if !duplicates.isEmpty {
            throw .duplicateSections(Array(duplicates.prefix(SnapshotError<SectionID, ItemID>.reportedDuplicateLimit)))
        }
        if newSections.contains(where: { !$0.items.isEmpty }) {
            _ensureItemSectionMap()
            try _checkNewItems(newSections.lazy.flatMap(\.items))
            for section in newSections { for item in section.items { _itemSection?[item.id] = section.id } }
        }
        sections.insert(contentsOf: newSections, at: position)
        _reindexSections(from: position)
    }

    mutating func _moveSection(_ id: SectionID, relativeTo anchor: SectionID, after: Bool) throws(SnapshotError<
        SectionID, ItemID
    >) {
        if id == anchor { throw .sectionRelativeToItself(id) }
        let from = try _index(ofSection: id)
        _ = try _index(ofSection: anchor)
        let moving = sections.remove(at: from)
        _reindexSections(from: from)
        let target = (_position(ofSection: anchor) ?? 0) + (after ? 1 : 0)
        sections.insert(moving, at: target)
        _reindexSections(from: min(from, target))
    }

    /// Puts the positions of sections `start…` into ``_sectionIndex`` after they moved, or
    /// empties it when few enough sections are left to scan.
    mutating func _reindexSections(from start: Int = 0) {
        guard sections.count > Self._scannedSectionLimit else {
            if !_sectionIndex.isEmpty { _sectionIndex = [:] }
            return
        }
        // An index left empty while the sections were few is built whole.
        let start = _sectionIndex.isEmpty ? 0 : start
        if start == 0 { _sectionIndex.removeAll(keepingCapacity: true) }
        for position in start..<sections.count { _sectionIndex[sections[position].id] = position }
    }
}
