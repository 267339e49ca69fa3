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
        for section in 0..<oldSectionCount where oldSectionTarget[section] < 0 { update.sectionDeletes.append(section) }
        for section in 0..<newSectionCount {
            let source = Int(newSectionSource[section])
            if source < 0 {
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
        var deletes: [ItemPath] = []
        let moves = [ItemMove](unsafeUninitializedCapacity: min(oldPartner.count, newPartner.count)) {
            moves, moveCount in
            deletes = [ItemPath](unsafeUninitializedCapacity: oldPartner.count) { deletes, deleteCount in
                oldPartner.withUnsafeBufferPointer { oldPartner in
                    newFlatSection.withUnsafeBufferPointer { newFlatSection in
                        newStable.withUnsafeBufferPointer { newStable in
                            newSectionSource.withUnsafeBufferPointer { newSectionSource in
                                newBase.withUnsafeBufferPointer { newBase in
                                    for section in 0..<oldSectionCount
                                    where oldBase[section] >= 0 && oldSectionTarget[section] >= 0 {
                                        let target = Int(oldSectionTarget[section])
                                        let base = Int(oldBase[section])
                                        var operations = deleteCount &+ moveCount
                                        for flat in base..<(base + Int(oldCounts[section])) {
                                            let partner = Int(oldPartner[flat])
                                            if partner >= 0 {
                                                let to = Int(newFlatSection[partner])
                                                if to == target, newStable[partner] { continue }
                                                if newSectionSource[to] >= 0 {
                                                    moves.initializeElement(
                                                        at: moveCount,
                                                        to: ItemMove(
                                                            from: ItemPath(section: section, item: flat &- base),
                                                            to: ItemPath(section: to, item: partner &- Int(newBase[to]))
                                                        ))
                                                    moveCount &+= 1
                                                    if to != target, moved[to] { touched[to] = true }
                                                    continue
                                                }
                                                touched[to] = true
                                            }
                                            deletes.initializeElement(
                                                at: deleteCount, to: ItemPath(section: section, item: flat &- base))
                                            deleteCount &+= 1
                                        }
                                        operations = deleteCount &+ moveCount &- operations
                                        if operations > 0, moved[target] { touched[target] = true }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (deletes, moves)
    }

    /// Inserts into kept sections, from the new side.
    func assembleInserts(moved: [Bool], touched: inout [Bool]) -> [ItemPath] {
        var inserts: [ItemPath] = []
        newPartner.withUnsafeBufferPointer { newPartner in
            oldFlatSection.withUnsafeBufferPointer { oldFlatSection in
                oldSectionTarget.withUnsafeBufferPointer { oldSectionTarget in
                    for section in 0..<newSectionCount where newBase[section] >= 0 && newSectionSource[section] >= 0 {
                        let base = Int(newBase[section])
                        let before = inserts.count
                        for flat in base..<(base &+ Int(newCounts[section])) {
                            let partner = Int(newPartner[flat])
                            if partner < 0 || oldSectionTarget[Int(oldFlatSection[partner])] < 0 {
                                inserts.append(ItemPath(section: section, item: flat &- base))
                            }
                        }
                        if inserts.count > before, moved[section] { touched[section] = true }
                    }
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
            guard oldSectionTarget[section] < 0, oldBase[section] >= 0 else { return false }
            let base = Int(oldBase[section])
            return oldPartner[base..<(base + Int(oldCounts[section]))].contains { $0 >= 0 }
        }
    }
}
