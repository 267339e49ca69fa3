extension _DiffIndexes {
    /// The single-stage batch, and the new indexes of the sections that need a second stage:
    /// moved sections that it would touch with item operations (rule R7), and inserted
    /// sections that items of kept sections move into (R6 forbids the move in one batch, and
    /// the single stage deletes and inserts those items, losing their cells). Deletes and move
    /// sources come out in old order, inserts in new order. Nothing is emitted inside deleted
    /// or inserted sections (R6): their items go and come with them.
    ///
    /// - Complexity: O(s + p) for s sections and p processed items.
    @usableFromInline
    func assembleBatch() -> (update: BatchUpdate, secondStageSections: [Int]) {
        var update = BatchUpdate()
        var moved = [Bool](_filling: false, count: newSectionCount)
        for section in 0..<oldSectionCount where isDeleted(old: section) { update.sectionDeletes.append(section) }
        for section in 0..<newSectionCount {
            let source = Int(newSectionSource[section])
            if source == Self.none {
                update.sectionInserts.append(section)
            } else if !newSectionStable[section] {
                update.sectionMoves.append(SectionMove(from: source, to: section))
                moved[section] = true
            }
        }
        // Moved sections that an item operation touches, and inserted sections that kept items
        // move into.
        var touched = [Bool](_filling: false, count: newSectionCount)
        (update.itemDeletes, update.itemMoves) = assembleDeletesAndMoves(moved: moved, touched: &touched)
        update.itemInserts = assembleInserts(moved: moved, touched: &touched)
        return (update, touched.indices.filter { touched[$0] })
    }

    /// Deletes and moves, from the old side. Written straight into arrays sized by their
    /// bounds (every move pairs one old and one new processed item).
    func assembleDeletesAndMoves(moved: [Bool], touched: inout [Bool]) -> ([ItemPath], [ItemMove]) {
        // No processed old item: nothing to delete or move (and no table to build).
        guard items.oldCount > 0 else { return ([], []) }
        var deletes: [ItemPath] = []
        // Per new section, its first flat number when it is kept (items move into it), else
        // `none` (inserted: its items come with it): one load per kept item.
        let keptBase = (0..<newSectionCount).map { isInserted(new: $0) ? Self.none : newBase[$0] }
        let moves = [ItemMove](unsafeUninitializedCapacity: min(items.oldCount, items.newCount)) { moves, moveCount in
            deletes = [ItemPath](unsafeUninitializedCapacity: items.oldCount) { deletes, deleteCount in
                items.read { items in
                    for section in 0..<oldSectionCount where !isDeleted(old: section) {
                        guard let range = flatRange(old: section) else { continue }
                        let target = Int(oldSectionTarget[section])
                        var operations = deleteCount &+ moveCount
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
                                    if to != target, moved[to] { touched[to] = true }
                                    continue
                                }
                                touched[to] = true
                            }
                            deletes.initializeElement(
                                at: deleteCount, to: ItemPath(section: section, item: flat &- range.lowerBound))
                            deleteCount &+= 1
                        }
                        operations = deleteCount &+ moveCount &- operations
                        if operations > 0, moved[target] { touched[target] = true }
                    }
                }
            }
        }
        return (deletes, moves)
    }

    /// Inserts into kept sections, from the new side.
    func assembleInserts(moved: [Bool], touched: inout [Bool]) -> [ItemPath] {
        var inserts: [ItemPath] = []
        items.read { items in
            oldSectionTarget.withUnsafeBufferPointer { oldSectionTarget in
                for section in 0..<newSectionCount where !isInserted(new: section) {
                    guard let range = flatRange(new: section) else { continue }
                    let before = inserts.count
                    for flat in range {
                        let partner = Int(items.newPartner[flat])
                        if partner == _ItemColumns.none || oldSectionTarget[Int(items.oldSection[partner])] == Self.none
                        {
                            inserts.append(ItemPath(section: section, item: flat &- range.lowerBound))
                        }
                    }
                    if inserts.count > before, moved[section] { touched[section] = true }
                }
            }
        }
        return inserts
    }
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
