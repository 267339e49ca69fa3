@_spi(Unchecked) import ListDiff

/// Operations on outline sections: the touched sections' trees edited through the engine's
/// ``Outline`` and stored back in pre-order.
extension WireSnapshot {
    /// Moves `id` with its subtree to stand beside `anchor`, as its sibling.
    mutating func _moveSubtree(_ id: WireID, beside anchor: WireID, after: Bool) throws(WireSnapshotError) {
        guard id != anchor else { throw .itemRelativeToItself(id) }
        guard let from = _path(of: id)?.section else { throw .unknownItem(id) }
        guard let to = _path(of: anchor)?.section else { throw .unknownItem(anchor) }
        if from == to, _subtree(of: id, in: from).contains(where: { $0.id == anchor }) { throw .itemRelativeToItself(id) }
        let involved = from == to ? [from] : [from, to]
        try _editTrees(of: involved) { (outlines) throws(OutlineError<WireID>) in
            let moved = try outlines[0].subtree(of: id, includingParent: true).roots
            try outlines[0].delete([id])
            let target = outlines.count - 1
            if after { try outlines[target].insert(moved, after: anchor) } else { try outlines[target].insert(moved, before: anchor) }
        }
    }

    /// Runs `edit` on the trees of the sections at `indexes` (in that order) and stores them
    /// back; a section that is not an outline must come back as root leaves. Marks are kept.
    mutating func _editTrees(of indexes: [Int], _ edit: (inout [Outline<WireID, WireContent>]) throws(OutlineError<WireID>) -> Void) throws(WireSnapshotError) {
        var outlines: [Outline<WireID, WireContent>] = []
        do throws(OutlineError<WireID>) {
            for index in indexes { outlines.append(try Outline(roots: Self._trees(sections[index].items))) }
            try edit(&outlines)
        } catch {
            switch error {
            case .duplicateItems(let ids): throw .duplicateItems(ids)
            case .unknownItem(let id): throw .unknownItem(id)
            }
        }
        var edited = sections
        for (index, outline) in zip(indexes, outlines) {
            let items = Self._preorder(outline.roots)
            if !_isOutline(index), let nested = Self._firstNested(items) { throw .notInOutline(nested) }
            edited[index].items = items
        }
        self = replacingSections(uncheckedUnique: edited)
    }

    /// Items brought into the section at `index` must not repeat an identifier another section
    /// holds (the section's own tree checks its own).
    func _checkNew(_ items: [Item], into index: Int) throws(WireSnapshotError) {
        let section = sections[index].id
        var duplicates: [WireID] = []
        for item in items {
            if let holder = _path(of: item.id)?.section, sections[holder].id != section { duplicates.append(item.id) }
        }
        if !duplicates.isEmpty { throw .duplicateItems(Array(duplicates.prefix(WireSnapshotError.reportedDuplicateLimit))) }
    }

    /// The index of the outline section holding `id`.
    func _outlineSection(of id: WireID) throws(WireSnapshotError) -> Int {
        guard let index = _path(of: id)?.section else { throw .unknownItem(id) }
        guard _isOutline(index) else { throw .notInOutline(id) }
        return index
    }

    func _index(of section: WireID) throws(WireSnapshotError) -> Int {
        guard let index = indexOfSection(section) else { throw .unknownSection(section) }
        return index
    }

    func _isOutline(_ index: Int) -> Bool { sections[index].content?.isOutline == true }

    /// The item `id` of the section at `index` and its descendants (pre-order): it and the
    /// items after it that are deeper. Empty when the section does not hold it. O(section).
    func _subtree(of id: WireID, in index: Int) -> ArraySlice<Item> {
        let items = sections[index].items
        guard let start = items.firstIndex(where: { $0.id == id }) else { return [] }
        let depth = items[start].content?.outlineDepth ?? 0
        var end = start + 1
        while end < items.count, (items[end].content?.outlineDepth ?? 0) > depth { end += 1 }
        return ArraySlice(items[start..<end])
    }
}
