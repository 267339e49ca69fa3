extension _DiffIndexes {
    /// The single-stage batch. Deletes and move sources come out in old order, inserts in new
    /// order. Nothing is emitted inside deleted or inserted sections (R6): their items go and
    /// come with them. Valid in one batch only when ``secondStageSections()`` is empty.
    ///
    /// - Complexity: O(s + p) for s sections and p processed items.
    @usableFromInline
    func assembleBatch() -> BatchUpdate {
        var update = BatchUpdate()
        for section in 0..<oldSectionCount where isDeleted(old: section) { update.sectionDeletes.append(section) }
        for section in 0..<newSectionCount {
            let source = Int(newSectionSource[section])
            if source == Self.none {
                update.sectionInserts.append(section)
            } else if !newSectionStable[section] {
                update.sectionMoves.append(SectionMove(from: source, to: section))
            }
        }
        (update.itemDeletes, update.itemMoves) = assembleDeletesAndMoves()
        update.itemInserts = assembleInserts()
        return update
    }

    /// The new indexes, in order, of the sections the single-stage batch cannot handle: moved
    /// sections that item operations touch (rule R7) — all but those whose every item stays,
    /// stable, from the section's old items, all of them — and inserted sections that items
    /// of kept sections move into (R6 forbids the move in one batch, and the single stage
    /// deletes and inserts those items, losing their cells).
    ///
    /// - Complexity: O(s + m) for s sections and m items in moved or inserted sections.
    @usableFromInline
    func secondStageSections() -> [Int] {
        items.read { items in (0..<newSectionCount).filter { needsSecondStage(new: $0, items: items) } }
    }

    /// Whether new section `section` is one of ``secondStageSections()``.
    func needsSecondStage(new section: Int, items: _ItemColumns.Handle) -> Bool {
        guard let range = flatRange(new: section) else { return false }
        let source = Int(newSectionSource[section])
        if source == Self.none {
            return range.contains { flat in
                let partner = items.newPartner[flat]
                return partner != _ItemColumns.none && !isDeleted(old: Int(items.oldSection[Int(partner)]))
            }
        }
        guard !newSectionStable[section] else { return false }
        // Stable items come from the section's own old items, one each.
        return range.count != Int(oldCounts[source]) || range.contains { !items.isStable(new: $0) }
    }

    /// Deletes and moves, from the old side. Written straight into arrays sized by their
    /// bounds (every move pairs one old and one new processed item).
    func assembleDeletesAndMoves() -> ([ItemPath], [ItemMove]) {
        // No processed old item: nothing to delete or move (and no table to build).
        guard items.oldCount > 0 else { return ([], []) }
        // Per new section, its first flat number when it is kept (items move into it), else
        // `none` (inserted: its items come with it): one load per kept item.
        var keptBase = _SectionColumn(repeating: Self.none, count: newSectionCount)
        for section in 0..<newSectionCount where !isInserted(new: section) { keptBase[section] = newBase[section] }
        return keptBase.withUnsafeBufferPointer { keptBase in _assembleDeletesAndMoves(keptBase: keptBase) }
    }

    func _assembleDeletesAndMoves(keptBase: UnsafeBufferPointer<Int32>) -> ([ItemPath], [ItemMove]) {
        var deletes: [ItemPath] = []
        let moves = [ItemMove](_initializingCapacity: min(items.oldCount, items.newCount)) { moves, moveCount in
            deletes = [ItemPath](_initializingCapacity: items.oldCount) { deletes, deleteCount in
                _writeDeletesAndMoves(
                    keptBase: keptBase, moves: moves, moveCount: &moveCount, deletes: deletes, deleteCount: &deleteCount
                )
            }
        }
        return (deletes, moves)
    }

    /// Initializes the deletes and moves of ``assembleDeletesAndMoves()`` in `deletes` and
    /// `moves` from their start, counting them in `deleteCount` and `moveCount`.
    ///
    /// - Complexity: O(s + p) for s old sections and p processed old items.
    func _writeDeletesAndMoves(
        keptBase: UnsafeBufferPointer<Int32>, moves: UnsafeMutableBufferPointer<ItemMove>, moveCount: inout Int,
        deletes: UnsafeMutableBufferPointer<ItemPath>, deleteCount: inout Int
    ) {
        items.read { items in
            for section in 0..<oldSectionCount where !isDeleted(old: section) {
                guard let range = flatRange(old: section) else { continue }
                let target = Int(oldSectionTarget[section])
                for flat in range {
                    let partner = Int(items.oldPartner[flat])
                    if partner != _ItemColumns.none {
                        let to = Int(items.newSection[partner])
                        if to == target, items.isStable(new: partner) { continue }
                        let base = keptBase[to]
                        if base != Self.none {
                            moves.initializeElement(
                                at: moveCount,
                                to: ItemMove(
                                    from: ItemPath(section: section, item: flat &- range.lowerBound),
                                    to: ItemPath(section: to, item: partner &- Int(base))
                                ))
                            moveCount &+= 1
                            continue
                        }
                    }
                    deletes.initializeElement(
                        at: deleteCount, to: ItemPath(section: section, item: flat &- range.lowerBound))
                    deleteCount &+= 1
                }
            }
        }
    }

    /// Inserts into kept sections, from the new side, in one pass. The first insert reserves
    /// room for up to ``insertReservation`` (a small diff's inserts then take one allocation,
    /// not a growing few); a diff with none allocates nothing.
    func assembleInserts() -> [ItemPath] {
        var inserts: [ItemPath] = []
        items.read { items in
            oldSectionTarget.withUnsafeBufferPointer { oldSectionTarget in
                for section in 0..<newSectionCount where !isInserted(new: section) {
                    guard let range = flatRange(new: section) else { continue }
                    for flat in range {
                        let partner = Int(items.newPartner[flat])
                        guard
                            partner == _ItemColumns.none
                                || oldSectionTarget[Int(items.oldSection[partner])] == Self.none
                        else { continue }
                        if inserts.isEmpty {
                            inserts.reserveCapacity(Swift.min(items.newPartner.count, Self.insertReservation))
                        }
                        inserts.append(ItemPath(section: section, item: flat &- range.lowerBound))
                    }
                }
            }
        }
        return inserts
    }

    /// The inserts the first one makes room for.
    static var insertReservation: Int { 32 }
}

extension _DiffIndexes {
    /// Old indexes of deleted sections holding items the new snapshot keeps: their items must
    /// leave before the section goes (R6), which one batch cannot do.
    ///
    /// - Complexity: O(d) for d items in deleted sections.
    @usableFromInline
    func deletedSectionsWithKeptItems() -> [Int] {
        (0..<oldSectionCount).filter { section in
            guard isDeleted(old: section), let range = flatRange(old: section) else { return false }
            return items.keepsAny(old: range)
        }
    }
}
