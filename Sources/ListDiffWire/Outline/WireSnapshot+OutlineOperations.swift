@_spi(Unchecked) import ListDiff

/// Operations on outline sections, done on the pre-order directly: a subtree is the item and
/// the deeper items after it, so inserting, deleting, replacing children and moving are range
/// edits of the section's items, brought items are placed at their new depth, and one pass
/// settles every item's has-children bit. Nothing is built but the items that change.
extension WireSnapshot {
    /// Appends `items` (with their subtrees) as the last children of `parent`.
    mutating func _appendChildren(_ items: [Item], to parent: WireID) throws(WireSnapshotError) {
        let path = try _outlinePath(of: parent)
        try _checkAbsent(items)
        editItemsUnchecked(placing: items.map(\.id), in: sections[path.section].id) { sections in
            let end = Self._subtreeEnd(sections[path.section].items, path.item)
            sections[path.section].items.insert(
                contentsOf: Self._placed(items, deeperBy: Self._depth(sections[path.section].items[path.item]) + 1),
                at: end)
            Self._settleChildren(&sections[path.section].items)
        }
    }

    /// Inserts `items` (with their subtrees) as siblings of the item at `anchor`, before it or
    /// after its subtree; appends them as roots of `section` when `anchor` is nil.
    mutating func _insertSiblings(_ items: [Item], section: Int, beside anchor: Int?, after: Bool)
        throws(WireSnapshotError)
    {
        try _checkAbsent(items)
        editItemsUnchecked(placing: items.map(\.id), in: sections[section].id) { sections in
            guard let index = anchor else {
                sections[section].items.append(contentsOf: items)
                return
            }
            let at = after ? Self._subtreeEnd(sections[section].items, index) : index
            sections[section].items.insert(
                contentsOf: Self._placed(items, deeperBy: Self._depth(sections[section].items[index])), at: at)
            Self._settleChildren(&sections[section].items)
        }
    }

    /// Replaces the children of `parent` (and their subtrees) with `items`.
    mutating func _replaceChildren(of parent: WireID, with items: [Item]) throws(WireSnapshotError) {
        let path = try _outlinePath(of: parent)
        let (section, index) = (path.section, path.item)
        let children = index + 1..<Self._subtreeEnd(sections[section].items, index)
        var trial = self
        trial.editItemsUnchecked(removing: sections[section].items[children].map(\.id)) {
            $0[section].items.removeSubrange(children)
        }
        try trial._checkAbsent(items)
        let depth = Self._depth(sections[section].items[index]) + 1
        trial.editItemsUnchecked(placing: items.map(\.id), in: sections[section].id) { sections in
            sections[section].items.insert(contentsOf: Self._placed(items, deeperBy: depth), at: children.lowerBound)
            Self._settleChildren(&sections[section].items)
        }
        self = trial
    }

    /// Deletes `ids` and every descendant of them, in whatever sections they are.
    mutating func _deleteSubtrees(_ ids: [WireID]) throws(WireSnapshotError) {
        let paths = try _paths(of: ids)
        var doomed: [Int: [Range<Int>]] = [:]
        for path in paths {
            let items = sections[path.section].items
            doomed[path.section, default: []].append(
                path.item..<(_isOutline(path.section) ? Self._subtreeEnd(items, path.item) : path.item + 1))
        }
        var removed: [WireID] = []
        for (section, ranges) in doomed { for range in ranges { removed += sections[section].items[range].map(\.id) } }
        editItemsUnchecked(removing: removed) { sections in
            for (section, ranges) in doomed {
                // Ranges are whole subtrees: two either nest or are apart, so the outer ones
                // are removed, from the last.
                var outer: [Range<Int>] = []
                for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                    if let last = outer.last, range.lowerBound < last.upperBound {
                        outer[outer.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                    } else {
                        outer.append(range)
                    }
                }
                for range in outer.reversed() { sections[section].items.removeSubrange(range) }
                Self._settleChildren(&sections[section].items)
            }
        }
    }

    /// Moves `id` with its subtree to stand beside `anchor`, as its sibling.
    mutating func _moveSubtree(_ id: WireID, beside anchor: WireID, after: Bool) throws(WireSnapshotError) {
        guard id != anchor else { throw .itemRelativeToItself(id) }
        let found = try _paths(of: [id, anchor])
        let (from, to) = (found[0], found[1])
        let span =
            from
            .item..<(_isOutline(from.section)
            ? Self._subtreeEnd(sections[from.section].items, from.item) : from.item + 1)
        if from.section == to.section, span.contains(to.item) { throw .itemRelativeToItself(id) }
        let moving = Array(sections[from.section].items[span])
        let rootPlacement = moving[0].content?._storage.placement ?? .none
        if !_isOutline(to.section), moving.count > 1 || rootPlacement.isExpanded { throw .notInOutline(id) }
        editItemsUnchecked(placing: moving.map(\.id), in: sections[to.section].id) { sections in
            sections[from.section].items.removeSubrange(span)
            // The anchor lies outside the moved span; it shifted if the span came before it.
            let index = to.section == from.section && span.lowerBound < to.item ? to.item - span.count : to.item
            let delta = Self._depth(sections[to.section].items[index]) - rootPlacement.depth
            let at = after ? Self._subtreeEnd(sections[to.section].items, index) : index
            sections[to.section].items.insert(contentsOf: Self._placed(moving, deeperBy: delta), at: at)
            Self._settleChildren(&sections[from.section].items)
            Self._settleChildren(&sections[to.section].items)
        }
    }

    /// Where `id` is, in an outline section.
    func _outlinePath(of id: WireID) throws(WireSnapshotError) -> ItemPath {
        guard let path = _path(of: id) else { throw .unknownItem(id) }
        guard _isOutline(path.section) else { throw .notInOutline(id) }
        return path
    }

    func _index(of section: WireID) throws(WireSnapshotError) -> Int {
        guard let index = indexOfSection(section) else { throw .unknownSection(section) }
        return index
    }

    func _isOutline(_ index: Int) -> Bool { sections[index].content?.isOutline == true }

    /// The item `id` of the section at `index` and its descendants (pre-order). Empty when the
    /// section does not hold it. O(section).
    func _subtree(of id: WireID, in index: Int) -> ArraySlice<Item> {
        let items = sections[index].items
        guard let start = items.firstIndex(where: { $0.id == id }) else { return [] }
        return ArraySlice(items[start..<Self._subtreeEnd(items, start)])
    }

    static func _depth(_ item: Item) -> Int { item.content?.outlineDepth ?? 0 }

    /// The first of `items` that only an outline can hold (it has children or is expanded). O(items).
    static func _firstNested(_ items: some Sequence<Item>) -> WireID? {
        items.first { item in item.content.map { $0._storage.placement != .none } ?? false }?.id
    }

    /// One past the last descendant of the item at `index`. O(subtree).
    static func _subtreeEnd(_ items: ContiguousArray<Item>, _ index: Int) -> Int {
        let depth = _depth(items[index])
        var end = index + 1
        while end < items.count, _depth(items[end]) > depth { end += 1 }
        return end
    }

    /// `items` (pre-order) each placed `delta` levels deeper (or shallower). O(items).
    static func _placed(_ items: some Sequence<Item>, deeperBy delta: Int) -> [Item] {
        guard delta != 0 else { return Array(items) }
        return items.map { item in
            let placement = item.content?._storage.placement ?? .none
            return Item(
                item.id,
                content: WireContent.placed(
                    item.content,
                    _OutlinePlacement(
                        depth: placement.depth + delta, hasChildren: placement.hasChildren,
                        isExpanded: placement.isExpanded)))
        }
    }

    /// Sets each item's has-children bit from the depths (the next item is deeper). O(n), a new
    /// content only where the bit changes.
    static func _settleChildren(_ items: inout ContiguousArray<Item>) {
        for index in items.indices {
            let placement = items[index].content?._storage.placement ?? .none
            let hasChildren = index + 1 < items.count && _depth(items[index + 1]) > placement.depth
            guard hasChildren != placement.hasChildren else { continue }
            items[index] = Item(
                items[index].id,
                content: WireContent.placed(
                    items[index].content,
                    _OutlinePlacement(
                        depth: placement.depth, hasChildren: hasChildren, isExpanded: placement.isExpanded)))
        }
    }
}
