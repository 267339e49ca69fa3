@_spi(Unchecked) import ListDiff

extension WireSnapshot {
    /// The snapshot after every operation in order, or an error naming the first that fails;
    /// then nothing is applied (the receiver is a value and is never touched).
    /// - Complexity: the sum of the operations' costs: an item operation, `expand` and
    ///   `collapse` one pass over the items at most (``_applyItemOperation(_:)``); one that
    ///   changes an outline section's structure a few passes over its items.
    public func applying(_ operations: [WireOperation]) throws(WireOperationError) -> WireSnapshot {
        var result = self
        for (index, operation) in operations.enumerated() {
            do {
                try result.apply(operation)
            } catch {
                throw WireOperationError(index: index, reason: error)
            }
        }
        return result
    }

    /// Applies one operation; on error the snapshot is unchanged. Item operations on sections
    /// that are not outlines are done in place; section operations are the engine's.
    public mutating func apply(_ operation: WireOperation) throws(WireSnapshotError) {
        switch operation {
        case .snapshot(let operation):
            try _apply(operation)
        case .appendChildren(let items, let parent):
            try _appendChildren(items, to: parent)
        case .replaceChildren(let parent, let items):
            try _replaceChildren(of: parent, with: items)
        case .expand(let ids), .collapse(let ids):
            // Only the items' own flags change: set in place, no tree is built.
            let paths = try _paths(of: ids)
            for (id, path) in zip(ids, paths) where !_isOutline(path.section) { throw .notInOutline(id) }
            let expands = if case .expand = operation { true } else { false }
            editItemsUnchecked { sections in
                for path in paths {
                    let item = sections[path.section].items[path.item]
                    let placement = item.content?._storage.placement ?? .none
                    let flagged = _OutlinePlacement(
                        depth: placement.depth, hasChildren: placement.hasChildren, isExpanded: expands)
                    sections[path.section].items[path.item] = Item(
                        item.id, content: WireContent.placed(item.content, flagged))
                }
            }
        }
    }

    /// A snapshot operation: the engine's where no outline is involved, else on the subtrees of
    /// the sections it touches (a flat section taken as an outline of root leaves).
    mutating func _apply(_ operation: WireSnapshotOperation) throws(WireSnapshotError) {
        switch operation {
        case .appendItems(let items, let section):
            let index =
                try section.map { (id) throws(WireSnapshotError) in try _index(of: id) }
                ?? (sections.isEmpty ? -1 : sections.count - 1)
            guard index >= 0, _isOutline(index) else { return try _applyFlat(operation, bringing: items) }
            try _insertSiblings(items, section: index, beside: nil, after: true)
        case .insertItemsBefore(let items, let anchor), .insertItemsAfter(let items, let anchor):
            guard hasOutlines, let path = _path(of: anchor), _isOutline(path.section) else {
                return try _applyFlat(operation, bringing: items)
            }
            if items.contains(where: { $0.id == anchor }) { throw .itemRelativeToItself(anchor) }
            let after = if case .insertItemsAfter = operation { true } else { false }
            try _insertSiblings(items, section: path.section, beside: path.item, after: after)
        case .deleteItems(let ids) where hasOutlines:
            try _deleteSubtrees(ids)
        case .moveItemBefore(let id, let anchor) where hasOutlines,
            .moveItemAfter(let id, let anchor) where hasOutlines:
            try _moveSubtree(
                id, beside: anchor, after: { if case .moveItemAfter = operation { true } else { false } }())
        default:
            try _applyFlat(operation, bringing: [])
        }
    }

    /// An operation on sections that are not outlines, refusing items that bring children:
    /// item operations in place (``_applyItemOperation(_:)``), section operations the engine's.
    mutating func _applyFlat(_ operation: WireSnapshotOperation, bringing items: [Item]) throws(WireSnapshotError) {
        if let nested = Self._firstNested(items) { throw .notInOutline(nested) }
        if try _applyItemOperation(operation) { return }
        try apply(operation)
    }
}
