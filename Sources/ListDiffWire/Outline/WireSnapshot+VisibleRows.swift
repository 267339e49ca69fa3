@_spi(Unchecked) import ListDiff

extension WireSnapshot {
    /// Whether any section is an outline (`"outline": true`). O(sections).
    @inlinable
    public var hasOutlines: Bool {
        sections.contains { $0.content?.isOutline == true }
    }

    /// What a collection view shows: every outline section reduced to its visible rows (items
    /// without a collapsed ancestor, in pre-order), each row's content its item's with its
    /// level and disclosure (a leaf's own expanded flag drawn as collapsed), so that diffing two
    /// of these gives inserts and deletes for rows that appear and disappear and an update for
    /// a row whose content, kind, level or disclosure changed. Marks are kept, but for items
    /// that are not shown. The snapshot itself when it has no outline section.
    /// - Complexity: O(items of outline sections).
    public var visibleRows: WireSnapshot {
        guard hasOutlines else { return self }
        var rows = sections
        for index in rows.indices where rows[index].content?.isOutline == true {
            rows[index].items = Self._visibleRows(of: rows[index].items)
        }
        return replacingSections(uncheckedUnique: rows)
    }

    /// The visible rows of one outline section's items (pre-order, each with its placement).
    static func _visibleRows(of items: ContiguousArray<Item>) -> ContiguousArray<Item> {
        var rows = ContiguousArray<Item>()
        rows.reserveCapacity(items.count)
        // The depth of the collapsed item whose subtree is being skipped, if any.
        var hiddenBelow = Int.max
        for item in items {
            guard let content = item.content else {
                hiddenBelow = .max
                rows.append(item)
                continue
            }
            let placement = content._storage.placement
            if placement.depth > hiddenBelow { continue }
            hiddenBelow = placement.hasChildren && !placement.isExpanded ? placement.depth : .max
            if placement.isExpanded, !placement.hasChildren {
                rows.append(Item(item.id, content: WireContent.placed(content, placement.collapsed)))
            } else {
                rows.append(item)
            }
        }
        return rows
    }

    /// The parent of every item of an outline section's `items` (pre-order with depths), by
    /// position; nil for roots. O(items).
    static func _parents(of items: some Collection<Item>) -> [WireID?] {
        var parents: [WireID?] = []
        parents.reserveCapacity(items.count)
        var ancestors: [WireID] = []
        for item in items {
            let depth = _depth(item)
            if ancestors.count > depth { ancestors.removeLast(ancestors.count - depth) }
            parents.append(ancestors.last)
            ancestors.append(item.id)
        }
        return parents
    }

    /// The section holding `id` and the subtree of `id` (pre-order, placed with the top at
    /// depth 0), or only its children's subtrees; nil when no section holds it. Like Apple's
    /// `snapshot(of:includingParent:)`. O(section).
    public func subtree(of id: WireID, includingParent: Bool) -> (section: WireID, items: ContiguousArray<Item>)? {
        guard let index = _path(of: id)?.section else { return nil }
        let subtree = _subtree(of: id, in: index)
        guard let top = subtree.first else { return nil }
        let depth = Self._depth(top)
        let items =
            includingParent
            ? Self._placed(subtree, deeperBy: -depth) : Self._placed(subtree.dropFirst(), deeperBy: -depth - 1)
        return (sections[index].id, ContiguousArray(items))
    }
}
