/// A hierarchical list — Apple's `NSDiffableDataSourceSectionSnapshot`, ListKit's
/// `OutlineList`: items nest, each expanded or collapsed, and a collection view shows the
/// *visible* items (no collapsed ancestor) flattened in pre-order (``visibleRows``).
///
/// Identifiers are unique across the whole tree (building or changing one that would repeat
/// them throws ``OutlineError/duplicateItems(_:)``, where UIKit would crash). Diffing two
/// outlines is diffing their visible rows, each compared by ``OutlineRow/diffContent``: rows
/// that appear or disappear are inserts and deletes, a row whose level or disclosure changed
/// is reconfigured, and changes under a collapsed item make no row changes at all.
///
/// Queries and operations walk the tree: O(n) for n items.
public struct Outline<ItemID: Hashable & Sendable, Content: Equatable & Sendable>: Sendable {
    public typealias Item = OutlineItem<ItemID, Content>
    public typealias Row = OutlineRow<ItemID, Content>

    /// The top-level items in order, each holding its subtree.
    public internal(set) var roots: [Item]

    /// An empty outline.
    public init() {
        roots = []
    }

    /// An outline of `roots`, checking that identifiers are unique across the tree.
    /// - Complexity: O(n); each identifier is hashed once.
    public init(roots: [Item]) throws(OutlineError<ItemID>) {
        try Self._checkUnique(roots, besides: [])
        self.roots = roots
    }

    /// The number of items, visible or not. O(n).
    public var count: Int {
        var count = 0
        for root in roots { root.forEachInSubtree { _ in count += 1 } }
        return count
    }

    /// The identifiers of the top-level items. O(roots).
    public var rootItems: [ItemID] { roots.map(\.id) }

    /// What a collection view shows: every item without a collapsed ancestor, in pre-order.
    /// O(visible rows).
    @inlinable
    public var visibleRows: [Row] {
        var rows: [Row] = []
        forEachVisibleRow { rows.append($0) }
        return rows
    }

    /// Calls `body` with each visible row in pre-order, building no array. O(visible rows).
    @inlinable
    public func forEachVisibleRow(_ body: (Row) -> Void) {
        func visit(_ items: [Item], level: Int, parent: ItemID?) {
            for item in items {
                body(
                    Row(
                        id: item.id, content: item.content, level: level, parent: parent,
                        hasChildren: !item.children.isEmpty, isExpanded: item.isExpanded))
                if item.isExpanded { visit(item.children, level: level + 1, parent: item.id) }
            }
        }
        visit(roots, level: 0, parent: nil)
    }

    /// The number of ``visibleRows``. O(visible rows), allocating nothing.
    @inlinable
    public var visibleRowCount: Int {
        func count(_ items: [Item]) -> Int {
            var total = items.count
            for index in items.indices where items[index].isExpanded { total += count(items[index].children) }
            return total
        }
        return count(roots)
    }

    /// The identifiers of ``visibleRows``. O(visible rows).
    @inlinable
    public var visibleItems: [ItemID] {
        var ids: [ItemID] = []
        forEachVisibleRow { ids.append($0.id) }
        return ids
    }

    /// Whether the outline holds `id`, visible or not. O(n).
    public func contains(_ id: ItemID) -> Bool { _path(of: id) != nil }

    /// The parent of `id`; nil for a root. O(n).
    public func parent(of id: ItemID) throws(OutlineError<ItemID>) -> ItemID? {
        let path = try _requirePath(of: id)
        return path.count == 1 ? nil : _item(at: path.dropLast()).id
    }

    /// How deep `id` is: 0 for a root. O(n).
    public func level(of id: ItemID) throws(OutlineError<ItemID>) -> Int {
        try _requirePath(of: id).count - 1
    }

    /// Whether `id` shows its children. O(n).
    public func isExpanded(_ id: ItemID) throws(OutlineError<ItemID>) -> Bool {
        _item(at: try _requirePath(of: id)[...]).isExpanded
    }

    /// Whether `id` is shown: no ancestor of it is collapsed. O(n).
    public func isVisible(_ id: ItemID) throws(OutlineError<ItemID>) -> Bool {
        let path = try _requirePath(of: id)
        var items = roots
        for index in path.dropLast() {
            guard items[index].isExpanded else { return false }
            items = items[index].children
        }
        return true
    }

    /// The subtree of `id` as an outline of its own: `id` as the only root, or its children as
    /// the roots (`snapshot(of:includingParent:)`). O(n).
    public func subtree(of id: ItemID, includingParent: Bool) throws(OutlineError<ItemID>) -> Outline {
        let item = _item(at: try _requirePath(of: id)[...])
        return Outline(_unchecked: includingParent ? [item] : item.children)
    }

    @usableFromInline
    init(_unchecked roots: [Item]) {
        self.roots = roots
    }

    // MARK: Paths: the index of an item among its siblings, from the roots down.

    func _path(of id: ItemID) -> [Int]? {
        var path: [Int] = []
        func search(_ items: [Item]) -> Bool {
            for (index, item) in items.enumerated() {
                path.append(index)
                if item.id == id || search(item.children) { return true }
                path.removeLast()
            }
            return false
        }
        return search(roots) ? path : nil
    }

    func _requirePath(of id: ItemID) throws(OutlineError<ItemID>) -> [Int] {
        guard let path = _path(of: id) else { throw .unknownItem(id) }
        return path
    }

    func _item(at path: ArraySlice<Int>) -> Item {
        var item = roots[path[path.startIndex]]
        for index in path.dropFirst() { item = item.children[index] }
        return item
    }

    /// Changes the sibling list that holds the item at `path` (the roots for a root).
    mutating func _modifySiblings(of path: [Int], _ body: (inout [Item]) -> Void) {
        func descend(_ items: inout [Item], _ rest: ArraySlice<Int>) {
            guard rest.count > 1 else { return body(&items) }
            descend(&items[rest[rest.startIndex]].children, rest.dropFirst())
        }
        descend(&roots, path[...])
    }

    /// Throws the identifiers in `items` that repeat among themselves or appear in `existing`.
    static func _checkUnique(_ items: [Item], besides existing: Set<ItemID>) throws(OutlineError<ItemID>) {
        var seen = existing
        var duplicates: [ItemID] = []
        var reported = Set<ItemID>()
        for item in items {
            item.forEachInSubtree { element in
                if !seen.insert(element.id).inserted, duplicates.count < OutlineError<ItemID>.reportedDuplicateLimit,
                    reported.insert(element.id).inserted
                {
                    duplicates.append(element.id)
                }
            }
        }
        if !duplicates.isEmpty { throw .duplicateItems(duplicates) }
    }

    /// Every identifier in the tree but those in the subtrees of `excluded` items. O(n).
    func _identifiers(excludingSubtreesOf excluded: Set<ItemID> = []) -> Set<ItemID> {
        var ids = Set<ItemID>()
        func visit(_ items: [Item]) {
            for item in items where !excluded.contains(item.id) {
                ids.insert(item.id)
                visit(item.children)
            }
        }
        visit(roots)
        return ids
    }
}

extension Outline: Equatable {}
