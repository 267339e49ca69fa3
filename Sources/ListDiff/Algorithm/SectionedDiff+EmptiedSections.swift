extension SectionedDiff {
    /// Stages for deleted sections that hold items the new snapshot keeps. R6 forbids moving
    /// an item out of a section deleted in the same batch, so one batch could only delete
    /// those items with their section and insert them again, losing their cells. Instead the
    /// emptied sections stay while the items leave (the diff to an "extended" new snapshot
    /// that still holds them, one or two stages of its own) and go in a last stage that only
    /// deletes them. When the extended diff takes two stages and its second moves nothing
    /// out of an emptied section, that stage and the deletes are one batch.
    ///
    /// Items leaving for a moved section whose items change, or for an inserted section,
    /// take the extended diff's second stage, so those changes take three stages in all.
    ///
    /// The extended diff is derived from this one (``_extendedDiff(to:origins:sections:)``),
    /// not computed again; the two placements of the emptied sections differ only in section
    /// order, so their section passes, derived from this one's
    /// (``_extendedSections(origins:)``), choose between them, and only the chosen extended
    /// snapshot is built.
    ///
    /// - Returns: nil when a re-diff fails, which only snapshots built without checks can
    ///   cause; the caller then answers as if the sections held nothing kept.
    @inlinable
    func _stages(emptying emptied: [Int]) -> [Stage]? {
        // Two placements of the emptied sections; the one that moves fewer sections wins.
        var best: (placed: [_EmptiedPlacement], origins: [Int32], sections: _DiffIndexes)?
        for avoiding in [true, false] {
            guard let placed = _placement(keeping: emptied, avoidingNoOpMoves: avoiding) else { continue }
            // The same placement twice (no no-op move to avoid) is weighed once.
            if let best, best.placed == placed { continue }
            let origins = _extendedOrigins(placing: placed)
            let sections = _extendedSections(origins: origins)
            if best.map({ sections.sectionMoveCount < $0.sections.sectionMoveCount }) ?? true {
                best = (placed, origins, sections)
            }
        }
        guard let best,
            let inner = _extendedDiff(
                to: _extended(placing: best.placed), origins: best.origins, sections: best.sections)
        else { return nil }
        var stages = inner._batchStages().stages
        if stages.count == 2, _holdsOnlyDeletedItems(stages[0].result, emptied: emptied) {
            stages[1] = Stage(update: _lastStage(merging: stages[1].update, deleting: best.placed), result: new)
        } else {
            stages.append(Stage(update: BatchUpdate(sectionDeletes: best.placed.map(\.position)), result: new))
        }
        return stages
    }

    /// The extended diff's second stage and the deletes of the emptied sections as one batch,
    /// when that stage moves nothing out of them: the batch of the diff from its starting
    /// snapshot to `new`, without diffing them. Deletes and move sources stay in the starting
    /// snapshot's coordinates, which still hold the emptied sections; inserts and move targets
    /// shift to `new`'s, which lack them. A second stage has no section operations, so the
    /// emptied sections' deletes are the only ones.
    ///
    /// - Complexity: O(s + p) for s sections and p operations.
    @inlinable
    func _lastStage(merging stageTwo: BatchUpdate, deleting placed: [_EmptiedPlacement]) -> BatchUpdate {
        assert(stageTwo.sectionInserts.isEmpty && stageTwo.sectionMoves.isEmpty, "a second stage moves no section")
        // Each extended section's index in `new` (emptied sections hold no inserts or targets).
        var shifted = [Int](_filling: 0, count: _indexes.newSectionCount &+ placed.count)
        var next = placed.startIndex
        for index in shifted.indices {
            while next < placed.endIndex, placed[next].position <= index { next &+= 1 }
            shifted[index] = index &- (next &- placed.startIndex)
        }
        func shift(_ path: ItemPath) -> ItemPath { ItemPath(section: shifted[path.section], item: path.item) }
        var merged = stageTwo
        merged.sectionDeletes = placed.map(\.position)
        merged.itemInserts = stageTwo.itemInserts.map(shift)
        merged.itemMoves = stageTwo.itemMoves.map { ItemMove(from: $0.from, to: shift($0.to)) }
        return merged
    }

    /// Where each emptied section goes when put back into `new`: between the stable sections
    /// (those on the run that does not move) it lay between, so that it need not move; in
    /// order of extended index.
    ///
    /// Put back, the emptied sections shift the sections after them, and a section that moves
    /// could land on its old index: a no-op move UIKit rejects (R8), which the diff would avoid
    /// by keeping that section and moving others. `avoidingNoOpMoves` places them just before
    /// such a section, which shifts it off its old index (nil when none is left to place);
    /// otherwise they follow the stable section before them.
    ///
    /// - Complexity: O(s) for s sections.
    @inlinable
    func _placement(keeping emptied: [Int], avoidingNoOpMoves: Bool) -> [_EmptiedPlacement]? {
        let indexes = _indexes
        var isEmptied = [Bool](_filling: false, count: indexes.oldSectionCount)
        for section in emptied { isEmptied[section] = true }
        // Emptied old sections in old order, each with the new index of the stable section
        // before it (-1: none). Stable sections keep their order, so anchors never decrease.
        var following: [(anchor: Int, section: Int)] = []
        following.reserveCapacity(emptied.count)
        var anchor = -1
        for section in 0..<indexes.oldSectionCount {
            let target = Int(indexes.oldSectionTarget[section])
            if target >= 0, indexes.newSectionStable[target] {
                anchor = target
            } else if isEmptied[section] {
                following.append((anchor, section))
            }
        }
        var placed: [_EmptiedPlacement] = []
        placed.reserveCapacity(emptied.count)
        // Sections of the extended snapshot so far; `following[next..<pending]` wait to be placed.
        var count = 0
        var next = 0
        var pending = 0
        func collect(after anchor: Int) {
            while pending < following.count, following[pending].anchor == anchor { pending &+= 1 }
        }
        func place(_ number: Int) {
            for _ in 0..<min(number, pending &- next) {
                placed.append(_EmptiedPlacement(position: count, source: following[next].section))
                count &+= 1
                next &+= 1
            }
        }
        collect(after: -1)
        if !avoidingNoOpMoves { place(pending &- next) }
        for index in 0..<indexes.newSectionCount {
            let source = Int(indexes.newSectionSource[index])
            if source >= 0, indexes.newSectionStable[index] {
                place(pending &- next)
                count &+= 1
                collect(after: index)
                if !avoidingNoOpMoves { place(pending &- next) }
                continue
            }
            if avoidingNoOpMoves, source == count {
                guard next < pending else { return nil }
                place(1)
            }
            count &+= 1
        }
        place(pending &- next)
        return placed
    }

    /// `new` with the emptied sections put back where `placed` says, each holding only its
    /// items that `new` lacks.
    ///
    /// - Complexity: O(s + e) for s sections and e items of the emptied ones.
    @inlinable
    func _extended(placing placed: [_EmptiedPlacement]) -> Source {
        let indexes = _indexes
        var sections = ContiguousArray<Source.Section>()
        sections.reserveCapacity(new.sections.count &+ placed.count)
        var next = placed.startIndex
        func placeDue() {
            while next < placed.endIndex, placed[next].position == sections.count {
                let section = placed[next].source
                let base = Int(indexes.oldBase[section])
                let source = old.sections[section]
                sections.append(
                    Source.Section(
                        source.id, content: source.content,
                        items: ContiguousArray(
                            source.items.indices.lazy.filter { indexes.items.oldPartner(base + $0) == nil }.map {
                                source.items[$0]
                            })))
                next &+= 1
            }
        }
        for section in new.sections {
            placeDue()
            sections.append(section)
        }
        placeDue()
        return Source(_uncheckedUniqueSections: sections)
    }

    /// Whether every emptied section in `snapshot` holds only items that `new` lacks: then the
    /// stage that follows it moves nothing out of them, and may delete them too.
    @inlinable
    func _holdsOnlyDeletedItems(_ snapshot: Source, emptied: [Int]) -> Bool {
        let indexes = _indexes
        return emptied.allSatisfy { section in
            let leftovers = (0..<Int(indexes.oldCounts[section])).lazy.filter {
                indexes.items.oldPartner(Int(indexes.oldBase[section]) + $0) == nil
            }.count
            guard let index = snapshot.indexOfSection(old.sections[section].id) else { return false }
            return snapshot.sections[index].items.count == leftovers
        }
    }

    /// The content updates, plus those of items the stages (or the sequential form) carry
    /// where one batch would have inserted them fresh: every kept item in an inserted section,
    /// and every item leaving a deleted section (outside reloaded sections, whose reload
    /// covers them). Only inserted and deleted sections' items are read.
    @inlinable
    func _updatesIncludingCarried() -> ContentUpdates {
        let indexes = _indexes
        var updates = indexes.updates
        let reloaded = Set(updates.sectionReloads)
        for section in 0..<indexes.newSectionCount where indexes.isInserted(new: section) {
            guard !reloaded.contains(section), let range = indexes.flatRange(new: section) else { continue }
            for flat in range {
                guard let partner = indexes.items.newPartner(flat) else { continue }
                _appendCarriedUpdate(
                    new: ItemPath(section: section, item: flat &- range.lowerBound), old: partner, to: &updates)
            }
        }
        for section in 0..<indexes.oldSectionCount where indexes.isDeleted(old: section) {
            guard let range = indexes.flatRange(old: section) else { continue }
            for flat in range {
                guard let partner = indexes.items.oldPartner(flat) else { continue }
                let target = indexes.items.newSection(partner)
                // Items arriving in an inserted section were counted with it.
                guard !indexes.isInserted(new: target), !reloaded.contains(target) else { continue }
                let path = ItemPath(section: target, item: partner &- Int(indexes.newBase[target]))
                _appendCarriedUpdate(new: path, old: flat, to: &updates)
            }
        }
        updates.itemReloads.sort()
        updates.itemReconfigures.sort()
        return updates
    }

    /// Appends the update carried item `path` (old flat number `previous`) needs, if any.
    @inlinable
    func _appendCarriedUpdate(new path: ItemPath, old previous: Int, to updates: inout ContentUpdates) {
        let item = new.sections[path.section].items[path.item]
        let previousPath = _indexes.oldPath(previous)
        let previousContent = old.sections[previousPath.section].items[previousPath.item].content
        let changed = previousContent != item.content
        let needsNewCell =
            changed && (options.contentUpdates == .reload || _CellKinds.changed(previousContent, item.content))
        if new.reloadedItems.contains(item.id) || needsNewCell {
            updates.itemReloads.append(path)
        } else if changed || new.reconfiguredItems.contains(item.id) {
            updates.itemReconfigures.append(path)
        }
    }
}
