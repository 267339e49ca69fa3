extension _DiffIndexes {
    /// The sequential form: item deletes (old coordinates, descending), section deletes,
    /// section moves, section inserts, item moves, item inserts, then content updates —
    /// each index relative to the state the previous operations left.
    ///
    /// - Complexity: O((s + p) log p) for s sections and p processed items.
    @usableFromInline
    func assembleSequential() -> SequentialChangeset {
        var operations: [SequentialOperation] = []
        appendItemDeletes(to: &operations)
        for run in Self.runs(of: (0..<oldSectionCount).filter { oldSectionTarget[$0] < 0 }).reversed() {
            operations.append(.deleteSections(at: run.lowerBound, count: run.count))
        }
        appendSectionMoves(to: &operations)
        for run in Self.runs(of: (0..<newSectionCount).filter { newSectionSource[$0] < 0 }) {
            operations.append(.insertSections(at: run.lowerBound, count: run.count))
        }
        appendItemMoves(to: &operations)
        appendItemInserts(to: &operations)
        appendUpdates(to: &operations)
        return SequentialChangeset(operations: operations)
    }

    /// Old items of kept sections that leave for good (or into an inserted section).
    func appendItemDeletes(to operations: inout [SequentialOperation]) {
        for section in 0..<oldSectionCount where oldBase[section] >= 0 && oldSectionTarget[section] >= 0 {
            let base = Int(oldBase[section])
            let doomed = (0..<Int(oldCounts[section])).filter { !isCarried(oldFlat: base + $0) }
            for run in Self.runs(of: doomed).reversed() {
                operations.append(.deleteItems(section: section, at: run.lowerBound, count: run.count))
            }
        }
    }

    func appendSectionMoves(to operations: inout [SequentialOperation]) {
        guard sectionMoveCount > 0 else { return }
        var chains = [Int32](_filling: 0, count: oldSectionCount + 1)
        forEachSectionMover { anchor, _ in chains[anchor + 1] += 1 }
        var slots = _MoveSlots(oldCount: oldSectionCount, chainLengths: chains) { oldSectionTarget[$0] >= 0 }
        forEachSectionMover { anchor, source in
            let from = slots.remove(old: source)
            operations.append(.moveSection(from: from, to: slots.place(after: anchor)))
        }
    }

    /// Calls `body(anchor, oldIndex)` for each moved section in new order; the anchor is the
    /// old index of the nearest stable section before it, or -1.
    func forEachSectionMover(_ body: (Int, Int) -> Void) {
        var anchor = -1
        for section in 0..<newSectionCount where newSectionSource[section] >= 0 {
            if newSectionStable[section] { anchor = Int(newSectionSource[section]) } else { body(anchor, Int(newSectionSource[section])) }
        }
    }

    /// Moves within and across kept sections, all in final section coordinates.
    func appendItemMoves(to operations: inout [SequentialOperation]) {
        // No new item was processed: none moves.
        guard !newPartner.isEmpty else { return }
        // The slots of each kept section, at `slotOf[new index]` (-1: none): an array, where a
        // dictionary's accessor allocated on every move.
        var slots: [_MoveSlots] = []
        var slotOf = [Int32](_filling: -1, count: newSectionCount)
        for section in 0..<newSectionCount where newBase[section] >= 0 && newSectionSource[section] >= 0 {
            let source = Int(newSectionSource[section])
            var chains = [Int32](_filling: 0, count: Int(oldCounts[source]) + 1)
            forEachItemMover(in: section) { anchor, _ in chains[anchor + 1] += 1 }
            let base = Int(oldBase[source])
            slotOf[section] = Int32(truncatingIfNeeded: slots.count)
            slots.append(_MoveSlots(oldCount: Int(oldCounts[source]), chainLengths: chains) { isCarried(oldFlat: base + $0) })
        }
        for section in 0..<newSectionCount where slotOf[section] >= 0 {
            let target = Int(slotOf[section])
            forEachItemMover(in: section) { anchor, oldFlat in
                let from = oldPath(oldFlat)
                let current = Int(oldSectionTarget[from.section])
                let source = Int(slotOf[current])
                guard source >= 0 else { return }
                let fromIndex = slots[source].remove(old: from.item)
                operations.append(.moveItem(from: ItemPath(section: current, item: fromIndex), to: ItemPath(section: section, item: slots[target].place(after: anchor))))
            }
        }
    }

    /// Calls `body(anchor, oldFlat)` for each item moving into (or within) a kept section,
    /// in new order; the anchor is the old index of the nearest stable item before it, or -1.
    func forEachItemMover(in section: Int, _ body: (Int, Int) -> Void) {
        let base = Int(newBase[section])
        let oldSectionBase = newSectionSource[section] >= 0 ? Int(oldBase[Int(newSectionSource[section])]) : 0
        var anchor = -1
        for flat in base..<(base + Int(newCounts[section])) {
            let partner = Int(newPartner[flat])
            guard partner >= 0, oldSectionTarget[Int(oldFlatSection[partner])] >= 0 else { continue }
            if newStable[flat] { anchor = partner - oldSectionBase } else { body(anchor, partner) }
        }
    }

    func appendItemInserts(to operations: inout [SequentialOperation]) {
        for section in 0..<newSectionCount where newBase[section] >= 0 && newSectionSource[section] >= 0 {
            let base = Int(newBase[section])
            let fresh = (0..<Int(newCounts[section])).filter { index in
                let partner = Int(newPartner[base + index])
                return partner < 0 || oldSectionTarget[Int(oldFlatSection[partner])] < 0
            }
            for run in Self.runs(of: fresh) { operations.append(.insertItems(section: section, at: run.lowerBound, count: run.count)) }
        }
    }

    func appendUpdates(to operations: inout [SequentialOperation]) {
        for run in Self.runs(of: updates.sectionReloads) { operations.append(.reloadSections(at: run.lowerBound, count: run.count)) }
        for (section, run) in Self.pathRuns(of: updates.itemReloads) { operations.append(.reloadItems(section: section, at: run.lowerBound, count: run.count)) }
        for (section, run) in Self.pathRuns(of: updates.itemReconfigures) { operations.append(.reconfigureItems(section: section, at: run.lowerBound, count: run.count)) }
    }

    /// An old item of a kept section that is still there when moves start: it stays in or
    /// moves to a kept section.
    func isCarried(oldFlat: Int) -> Bool {
        let partner = Int(oldPartner[oldFlat])
        return partner >= 0 && newSectionSource[Int(newFlatSection[partner])] >= 0
    }

    /// Maximal runs of consecutive integers in an ascending list.
    static func runs(of sorted: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for value in sorted {
            if let last = runs.last, last.upperBound == value { runs[runs.count - 1] = last.lowerBound..<(value + 1) } else { runs.append(value..<(value + 1)) }
        }
        return runs
    }

    /// Runs of consecutive items within one section, from paths sorted by section then item.
    static func pathRuns(of sorted: [ItemPath]) -> [(section: Int, run: Range<Int>)] {
        var runs: [(section: Int, run: Range<Int>)] = []
        for path in sorted {
            if let last = runs.last, last.section == path.section, last.run.upperBound == path.item {
                runs[runs.count - 1].run = last.run.lowerBound..<(path.item + 1)
            } else {
                runs.append((path.section, path.item..<(path.item + 1)))
            }
        }
        return runs
    }
}
