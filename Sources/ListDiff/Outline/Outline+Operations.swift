/// The section-snapshot operations, named after Apple's. Each applies whole or throws and
/// leaves the outline unchanged. O(n) for n items (each walks the tree).
extension Outline {
    /// Appends `items` (with their subtrees) as the last children of `parent`, or as roots.
    public mutating func append(_ items: [Item], to parent: ItemID? = nil) throws(OutlineError<ItemID>) {
        try Self._checkUnique(items, besides: _identifiers())
        guard let parent else {
            roots.append(contentsOf: items)
            return
        }
        let path = try _requirePath(of: parent)
        _modifySiblings(of: path) { $0[path[path.count - 1]].children.append(contentsOf: items) }
    }

    /// Inserts `items` as siblings right before `anchor`.
    public mutating func insert(_ items: [Item], before anchor: ItemID) throws(OutlineError<ItemID>) {
        try _insert(items, beside: anchor, offset: 0)
    }

    /// Inserts `items` as siblings right after `anchor`.
    public mutating func insert(_ items: [Item], after anchor: ItemID) throws(OutlineError<ItemID>) {
        try _insert(items, beside: anchor, offset: 1)
    }

    /// Deletes `ids` and every descendant of them.
    public mutating func delete(_ ids: [ItemID]) throws(OutlineError<ItemID>) {
        var paths: [[Int]] = []
        for id in ids {
            guard let path = _path(of: id) else { throw .unknownItem(id) }
            paths.append(path)
        }
        // Last first (a descendant before its ancestor, a later sibling before an earlier
        // one), so the paths still to delete stay valid; a repeated identifier counts once.
        var previous: [Int]?
        for path in paths.sorted(by: { $0.lexicographicallyPrecedes($1) }).reversed() where path != previous {
            _modifySiblings(of: path) { $0.remove(at: path[path.count - 1]) }
            previous = path
        }
    }

    /// Replaces the children of `parent` (and their subtrees) with `items`.
    public mutating func replaceChildren(of parent: ItemID, with items: [Item]) throws(OutlineError<ItemID>) {
        let path = try _requirePath(of: parent)
        let replaced = _item(at: path[...]).children.map(\.id)
        try Self._checkUnique(items, besides: _identifiers(excludingSubtreesOf: Set(replaced)))
        _modifySiblings(of: path) { $0[path[path.count - 1]].children = items }
    }

    /// Shows the children of `ids` (an item under a collapsed ancestor stays hidden until the
    /// ancestor is expanded too).
    public mutating func expand(_ ids: [ItemID]) throws(OutlineError<ItemID>) {
        try _setExpanded(ids, true)
    }

    /// Hides the children of `ids`; each child keeps its own flag.
    public mutating func collapse(_ ids: [ItemID]) throws(OutlineError<ItemID>) {
        try _setExpanded(ids, false)
    }

    mutating func _insert(_ items: [Item], beside anchor: ItemID, offset: Int) throws(OutlineError<ItemID>) {
        let path = try _requirePath(of: anchor)
        try Self._checkUnique(items, besides: _identifiers())
        _modifySiblings(of: path) { $0.insert(contentsOf: items, at: path[path.count - 1] + offset) }
    }

    mutating func _setExpanded(_ ids: [ItemID], _ expanded: Bool) throws(OutlineError<ItemID>) {
        var paths: [[Int]] = []
        for id in ids {
            guard let path = _path(of: id) else { throw .unknownItem(id) }
            paths.append(path)
        }
        for path in paths {
            _modifySiblings(of: path) { $0[path[path.count - 1]].isExpanded = expanded }
        }
    }
}
