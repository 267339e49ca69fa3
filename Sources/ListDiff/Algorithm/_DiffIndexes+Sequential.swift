extension _DiffIndexes {
    /// The sequential form: item deletes (old coordinates, descending), deletes of sections
    /// that hold nothing kept, section moves, section inserts, item moves, deletes of the
    /// emptied sections, item inserts, then `updates` — each index relative to the state the
    /// previous operations left.
    ///
    /// Every kept item is carried, never deleted and inserted anew (a new cell, which loses
    /// its state): a deleted section holding kept items stays until they have moved out (see
    /// ``_SequentialLayout``), and an inserted section arrives with its fresh items only, the
    /// kept ones moving in after it.
    ///
    /// - Complexity: O((s + p) log p) for s sections and p processed items.
    @usableFromInline
    func assembleSequential(updates: ContentUpdates) -> SequentialChangeset {
        let layout = _SequentialLayout(self)
        var operations: [SequentialOperation] = []
        appendItemDeletes(to: &operations)
        for run in Self.runs(
            of: (0..<oldSectionCount).filter { isDeleted(old: $0) && !layout.isEmptied(old: $0) }
        ).reversed() {
            operations.append(.deleteSections(at: run.lowerBound, count: run.count))
        }
        appendSectionMoves(to: &operations, layout: layout)
        for run in Self.runs(of: (0..<newSectionCount).filter { isInserted(new: $0) }.map(layout.index(ofNew:))) {
            operations.append(.insertSections(at: run.lowerBound, count: run.count))
        }
        appendItemMoves(to: &operations, layout: layout)
        for run in Self.runs(of: layout.emptiedIndexes).reversed() {
            operations.append(.deleteSections(at: run.lowerBound, count: run.count))
        }
        appendItemInserts(to: &operations)
        appendUpdates(updates, to: &operations)
        return SequentialChangeset(operations: operations)
    }

    /// Whether a kept item lies in an inserted section or in a deleted one. The matcher's
    /// updates leave such items out (one batch inserts them fresh); the sequential form
    /// carries them, so their content changes need updates too.
    ///
    /// - Complexity: O(s + i + d) for s sections and i, d items in inserted and deleted ones.
    @usableFromInline
    var carriesItemsAcrossSectionChanges: Bool {
        (0..<newSectionCount).contains { section in
            guard isInserted(new: section), let range = flatRange(new: section) else { return false }
            return items.keepsAny(new: range)
        }
            || (0..<oldSectionCount).contains { section in
                guard isDeleted(old: section), let range = flatRange(old: section) else { return false }
                return items.keepsAny(old: range)
            }
    }

    /// Old items of kept sections that leave for good.
    func appendItemDeletes(to operations: inout [SequentialOperation]) {
        for section in 0..<oldSectionCount where isProcessed(old: section) && !isDeleted(old: section) {
            let base = Int(oldBase[section])
            let doomed = (0..<Int(oldCounts[section])).filter { items.oldPartner(base + $0) == nil }
            for run in Self.runs(of: doomed).reversed() {
                operations.append(.deleteItems(section: section, at: run.lowerBound, count: run.count))
            }
        }
    }

    /// Moves of kept sections, among the kept and the emptied ones.
    func appendSectionMoves(to operations: inout [SequentialOperation], layout: _SequentialLayout) {
        guard sectionMoveCount > 0 else { return }
        var chains = [Int32](_filling: 0, count: oldSectionCount + 1)
        forEachSectionMover { anchor, _ in chains[anchor + 1] += 1 }
        var slots = _MoveSlots(oldCount: oldSectionCount, chainLengths: chains) {
            !isDeleted(old: $0) || layout.isEmptied(old: $0)
        }
        forEachSectionMover { anchor, source in
            let from = slots.remove(old: source)
            operations.append(.moveSection(from: from, to: slots.place(after: anchor)))
        }
    }

    /// Calls `body(anchor, oldIndex)` for each moved section in new order; the anchor is the
    /// old index of the nearest stable section before it, or -1.
    func forEachSectionMover(_ body: (Int, Int) -> Void) {
        var anchor = -1
        for section in 0..<newSectionCount where !isInserted(new: section) {
            if newSectionStable[section] {
                anchor = Int(newSectionSource[section])
            } else {
                body(anchor, Int(newSectionSource[section]))
            }
        }
    }

    /// Every kept item that is not stable moves, in new order, with sections where the layout
    /// has them: within and across kept sections, out of emptied ones, into inserted ones.
    func appendItemMoves(to operations: inout [SequentialOperation], layout: _SequentialLayout) {
        // No new item was processed: none moves.
        guard items.newCount > 0 else { return }
        // The slots of each old section that items move out of or into, at `slotOf[old index]`
        // (-1: none): an array, where a dictionary's accessor allocated on every move.
        var slots: [_MoveSlots] = []
        var slotOf = [Int32](_filling: -1, count: oldSectionCount)
        for section in 0..<newSectionCount where isProcessed(new: section) && !isInserted(new: section) {
            let source = Int(newSectionSource[section])
            var chains = [Int32](_filling: 0, count: Int(oldCounts[source]) + 1)
            forEachItemMover(in: section) { anchor, _ in chains[anchor + 1] += 1 }
            let base = Int(oldBase[source])
            slotOf[source] = Int32(truncatingIfNeeded: slots.count)
            slots.append(
                _MoveSlots(oldCount: Int(oldCounts[source]), chainLengths: chains) {
                    items.oldPartner(base + $0) != nil
                })
        }
        for source in layout.emptied {
            let count = Int(oldCounts[source])
            slotOf[source] = Int32(truncatingIfNeeded: slots.count)
            slots.append(
                _MoveSlots(oldCount: count, chainLengths: [Int32](_filling: 0, count: count + 1)) { _ in true })
        }
        for section in 0..<newSectionCount where isProcessed(new: section) {
            let current = layout.index(ofNew: section)
            let source = Int(newSectionSource[section])
            guard !isInserted(new: section) else {
                // An inserted section holds its fresh items in new order; each kept item, moved
                // in in new order, goes straight to its new index.
                let base = Int(newBase[section])
                for offset in 0..<Int(newCounts[section]) {
                    guard let partner = items.newPartner(base + offset),
                        let from = take(partner, from: &slots, slotOf: slotOf, layout: layout)
                    else { continue }
                    operations.append(.moveItem(from: from, to: ItemPath(section: current, item: offset)))
                }
                continue
            }
            let target = Int(slotOf[source])
            guard target >= 0 else { continue }
            forEachItemMover(in: section) { anchor, oldFlat in
                guard let from = take(oldFlat, from: &slots, slotOf: slotOf, layout: layout) else { return }
                operations.append(
                    .moveItem(from: from, to: ItemPath(section: current, item: slots[target].place(after: anchor))))
            }
        }
    }

    /// Takes old item `oldFlat` out of its section's slots; returns where it was.
    func take(_ oldFlat: Int, from slots: inout [_MoveSlots], slotOf: [Int32], layout: _SequentialLayout) -> ItemPath? {
        let from = oldPath(oldFlat)
        let slot = Int(slotOf[from.section])
        guard slot >= 0 else { return nil }
        return ItemPath(
            section: layout.index(ofOld: from.section, target: Int(oldSectionTarget[from.section])),
            item: slots[slot].remove(old: from.item))
    }

    /// Calls `body(anchor, oldFlat)` for each item moving into (or within) kept section
    /// `section`, in new order; the anchor is the old index of the nearest stable item before
    /// it, or -1.
    func forEachItemMover(in section: Int, _ body: (Int, Int) -> Void) {
        let base = Int(newBase[section])
        let oldSectionBase = Int(oldBase[Int(newSectionSource[section])])
        var anchor = -1
        for flat in base..<(base + Int(newCounts[section])) {
            guard let partner = items.newPartner(flat) else { continue }
            if items.isStable(new: flat) { anchor = partner - oldSectionBase } else { body(anchor, partner) }
        }
    }

    /// Fresh items of kept sections (those of inserted sections arrive with them).
    func appendItemInserts(to operations: inout [SequentialOperation]) {
        for section in 0..<newSectionCount where isProcessed(new: section) && !isInserted(new: section) {
            let base = Int(newBase[section])
            let fresh = (0..<Int(newCounts[section])).filter { items.newPartner(base + $0) == nil }
            for run in Self.runs(of: fresh) {
                operations.append(.insertItems(section: section, at: run.lowerBound, count: run.count))
            }
        }
    }

    func appendUpdates(_ updates: ContentUpdates, to operations: inout [SequentialOperation]) {
        for run in Self.runs(of: updates.sectionReloads) {
            operations.append(.reloadSections(at: run.lowerBound, count: run.count))
        }
        for (section, run) in Self.pathRuns(of: updates.itemReloads) {
            operations.append(.reloadItems(section: section, at: run.lowerBound, count: run.count))
        }
        for (section, run) in Self.pathRuns(of: updates.itemReconfigures) {
            operations.append(.reconfigureItems(section: section, at: run.lowerBound, count: run.count))
        }
    }

    /// Maximal runs of consecutive integers in an ascending list.
    static func runs(of sorted: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for value in sorted {
            if let last = runs.last, last.upperBound == value {
                runs[runs.count - 1] = last.lowerBound..<(value + 1)
            } else {
                runs.append(value..<(value + 1))
            }
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
