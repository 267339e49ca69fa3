@_spi(Unchecked) import ListDiff

extension WireSnapshot {
    /// The snapshot after every operation in order, or an error naming the first that fails;
    /// then nothing is applied (the receiver is a value and is never touched).
    /// - Complexity: the sum of the operations' costs; an operation on an outline section
    ///   rebuilds the section's tree, O(its items).
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

    /// Applies one operation; on error the snapshot is unchanged. Without outline sections
    /// (and nested items), a snapshot operation is the engine's own.
    public mutating func apply(_ operation: WireOperation) throws(WireSnapshotError) {
        switch operation {
        case .snapshot(let operation):
            try _apply(operation)
        case .appendChildren(let items, let parent):
            let section = try _outlineSection(of: parent)
            try _checkNew(items, into: section)
            try _editTrees(of: [section]) { (outlines) throws(OutlineError<WireID>) in try outlines[0].append(Self._trees(items), to: parent) }
        case .replaceChildren(let parent, let items):
            let section = try _outlineSection(of: parent)
            try _checkNew(items, into: section)
            try _editTrees(of: [section]) { (outlines) throws(OutlineError<WireID>) in
                try outlines[0].replaceChildren(of: parent, with: Self._trees(items))
            }
        case .expand(let ids), .collapse(let ids):
            var sections: [Int] = []
            for id in ids {
                let section = try _outlineSection(of: id)
                if !sections.contains(section) { sections.append(section) }
            }
            let expands = if case .expand = operation { true } else { false }
            try _editTrees(of: sections) { (outlines) throws(OutlineError<WireID>) in
                for index in outlines.indices {
                    let own = ids.filter { outlines[index].contains($0) }
                    if expands { try outlines[index].expand(own) } else { try outlines[index].collapse(own) }
                }
            }
        }
    }

    /// A snapshot operation: the engine's where no outline is involved, else on the subtrees of
    /// the sections it touches (a flat section taken as an outline of root leaves).
    mutating func _apply(_ operation: WireSnapshotOperation) throws(WireSnapshotError) {
        switch operation {
        case .appendItems(let items, let section):
            let index = try section.map { (id) throws(WireSnapshotError) in try _index(of: id) } ?? (sections.isEmpty ? -1 : sections.count - 1)
            guard index >= 0, _isOutline(index) else { return try _applyFlat(operation, bringing: items) }
            try _checkNew(items, into: index)
            try _editTrees(of: [index]) { (outlines) throws(OutlineError<WireID>) in try outlines[0].append(Self._trees(items)) }
        case .insertItemsBefore(let items, let anchor), .insertItemsAfter(let items, let anchor):
            guard hasOutlines, let index = indexPathOfItem(anchor)?.section, _isOutline(index) else { return try _applyFlat(operation, bringing: items) }
            if items.contains(where: { $0.id == anchor }) { throw .itemRelativeToItself(anchor) }
            try _checkNew(items, into: index)
            let after = if case .insertItemsAfter = operation { true } else { false }
            try _editTrees(of: [index]) { (outlines) throws(OutlineError<WireID>) in
                if after { try outlines[0].insert(Self._trees(items), after: anchor) } else { try outlines[0].insert(Self._trees(items), before: anchor) }
            }
        case .deleteItems(let ids) where hasOutlines:
            var involved: [Int] = []
            for id in ids {
                guard let section = indexPathOfItem(id)?.section else { throw .unknownItem(id) }
                if !involved.contains(section) { involved.append(section) }
            }
            try _editTrees(of: involved) { (outlines) throws(OutlineError<WireID>) in
                for index in outlines.indices { try outlines[index].delete(ids.filter { outlines[index].contains($0) }) }
            }
        case .moveItemBefore(let id, let anchor) where hasOutlines, .moveItemAfter(let id, let anchor) where hasOutlines:
            try _moveSubtree(id, beside: anchor, after: { if case .moveItemAfter = operation { true } else { false } }())
        default:
            try _applyFlat(operation, bringing: [])
        }
    }

    /// The engine's operation, refusing items that bring children into a section that is not
    /// an outline.
    mutating func _applyFlat(_ operation: WireSnapshotOperation, bringing items: [Item]) throws(WireSnapshotError) {
        if let nested = Self._firstNested(items) { throw .notInOutline(nested) }
        try apply(operation)
    }

    /// Moves `id` with its subtree to stand beside `anchor`, as its sibling.
    mutating func _moveSubtree(_ id: WireID, beside anchor: WireID, after: Bool) throws(WireSnapshotError) {
        guard id != anchor else { throw .itemRelativeToItself(id) }
        guard let from = indexPathOfItem(id)?.section else { throw .unknownItem(id) }
        guard let to = indexPathOfItem(anchor)?.section else { throw .unknownItem(anchor) }
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
            if let holder = sectionIdentifier(containingItem: item.id), holder != section { duplicates.append(item.id) }
        }
        if !duplicates.isEmpty { throw .duplicateItems(Array(duplicates.prefix(WireSnapshotError.reportedDuplicateLimit))) }
    }

    /// The index of the outline section holding `id`.
    func _outlineSection(of id: WireID) throws(WireSnapshotError) -> Int {
        guard let index = indexPathOfItem(id)?.section else { throw .unknownItem(id) }
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
