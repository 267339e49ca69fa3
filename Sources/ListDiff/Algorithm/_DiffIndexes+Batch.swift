extension _DiffIndexes {
    /// The single-stage batch, and the new indexes of moved sections that it would touch
    /// with item operations (rule R7). Deletes and move sources come out in old order,
    /// inserts in new order. Nothing is emitted inside deleted or inserted sections (R6):
    /// their items go and come with them.
    ///
    /// - Complexity: O(s + p) for s sections and p processed items.
    @usableFromInline
    func assembleBatch() -> (update: BatchUpdate, dirtyMovedSections: [Int]) {
        var update = BatchUpdate()
        var deletes: [IndexPath] = []
        var moves: [ItemMove] = []
        var inserts: [IndexPath] = []
        deletes.reserveCapacity(oldPartner.count)
        moves.reserveCapacity(min(oldPartner.count, newPartner.count))
        inserts.reserveCapacity(newPartner.count)
        var dirty = [Bool](repeating: false, count: newSectionCount)
        func touch(_ newSection: Int) {
            if newSectionSource[newSection] >= 0, !newSectionStable[newSection] { dirty[newSection] = true }
        }
        for section in 0..<oldSectionCount where oldSectionTarget[section] < 0 { update.sectionDeletes.append(section) }
        for section in 0..<newSectionCount {
            let source = Int(newSectionSource[section])
            if source < 0 {
                update.sectionInserts.append(section)
            } else if !newSectionStable[section] {
                update.sectionMoves.append(SectionMove(from: source, to: section))
            }
        }
        for section in 0..<oldSectionCount where oldBase[section] >= 0 && oldSectionTarget[section] >= 0 {
            let target = Int(oldSectionTarget[section])
            let base = Int(oldBase[section])
            var touched = false
            oldPartner.withUnsafeBufferPointer { oldPartner in
                newFlatSection.withUnsafeBufferPointer { newFlatSection in
                    newStable.withUnsafeBufferPointer { newStable in
                        for flat in base..<(base + Int(oldCounts[section])) {
                            let partner = Int(oldPartner[flat])
                            if partner >= 0 {
                                let to = Int(newFlatSection[partner])
                                if to == target, newStable[partner] { continue }
                                if newSectionSource[to] >= 0 {
                                    moves.append(ItemMove(from: IndexPath(section: section, item: flat &- base),
                                                                     to: IndexPath(section: to, item: partner &- Int(newBase[to]))))
                                    touched = true
                                    touch(to)
                                    continue
                                }
                            }
                            deletes.append(IndexPath(section: section, item: flat &- base))
                            touched = true
                        }
                    }
                }
            }
            if touched { touch(target) }
        }
        for section in 0..<newSectionCount where newBase[section] >= 0 && newSectionSource[section] >= 0 {
            let base = Int(newBase[section])
            for flat in base..<(base + Int(newCounts[section])) {
                let partner = Int(newPartner[flat])
                if partner < 0 || oldSectionTarget[Int(oldFlatSection[partner])] < 0 {
                    inserts.append(IndexPath(section: section, item: flat - base))
                    touch(section)
                }
            }
        }
        update.itemDeletes = deletes
        update.itemMoves = moves
        update.itemInserts = inserts
        return (update, dirty.indices.filter { dirty[$0] })
    }
}
