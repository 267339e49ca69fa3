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
        update.itemDeletes.reserveCapacity(oldPartner.count)
        update.itemMoves.reserveCapacity(min(oldPartner.count, newPartner.count))
        update.itemInserts.reserveCapacity(newPartner.count)
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
            for flat in base..<(base + Int(oldCounts[section])) {
                let partner = Int(oldPartner[flat])
                let from = IndexPath(section: section, item: flat - base)
                if partner < 0 || newSectionSource[Int(newFlatSection[partner])] < 0 {
                    update.itemDeletes.append(from)
                    touch(target)
                } else if newFlatSection[partner] != target || !newStable[partner] {
                    let to = newPath(partner)
                    update.itemMoves.append(ItemMove(from: from, to: to))
                    touch(target)
                    touch(to.section)
                }
            }
        }
        for section in 0..<newSectionCount where newBase[section] >= 0 && newSectionSource[section] >= 0 {
            let base = Int(newBase[section])
            for flat in base..<(base + Int(newCounts[section])) {
                let partner = Int(newPartner[flat])
                if partner < 0 || oldSectionTarget[Int(oldFlatSection[partner])] < 0 {
                    update.itemInserts.append(IndexPath(section: section, item: flat - base))
                    touch(section)
                }
            }
        }
        return (update, dirty.indices.filter { dirty[$0] })
    }
}
