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
    /// The extended diff is derived from this one (``_extendedDiff(to:placing:sections:)``),
    /// not computed again; the two placements of the emptied sections differ only in section
    /// order, so their section moves alone choose between them.
    ///
    /// - Returns: nil when a re-diff fails, which only snapshots built without checks can
    ///   cause; the caller then answers as if the sections held nothing kept.
    @inlinable
    func _stages(emptying emptied: [Int]) -> [Stage]? {
        // Two placements of the emptied sections; the one that moves fewer sections wins.
        var best: (extended: Source, placed: [_EmptiedPlacement], sections: _DiffIndexes)?
        for avoiding in [true, false] {
            guard let (extended, placed) = _extended(keeping: emptied, avoidingNoOpMoves: avoiding) else { continue }
            var matcher = _Matcher(old: old, new: extended, options: options)
            guard (try? matcher.matchSections()) != nil else { continue }
            if best.map({ matcher.result.sectionMoveCount < $0.sections.sectionMoveCount }) ?? true {
                best = (extended, placed, matcher.result)
            }
        }
        guard let best, let inner = _extendedDiff(to: best.extended, placing: best.placed, sections: best.sections)
        else { return nil }
        var stages = inner._batchStages().stages
        if stages.count == 2, _holdsOnlyDeletedItems(stages[0].result, emptied: emptied),
            let merged = try? Self(from: stages[0].result, to: new, options: options)._indexes,
            merged.secondStageSections().isEmpty
        {
            stages[1] = Stage(update: merged.assembleBatch(), result: new)
        } else {
            stages.append(Stage(update: BatchUpdate(sectionDeletes: best.placed.map(\.position)), result: new))
        }
        return stages
    }

    /// `new` with each emptied section put back, holding only its items that `new` lacks,
    /// between the stable sections (those on the run that does not move) it lay between, so
    /// that it need not move; and where each emptied section went, in order.
    ///
    /// Put back, the emptied sections shift the sections after them, and a section that moves
    /// could land on its old index: a no-op move UIKit rejects (R8), which the diff would avoid
    /// by keeping that section and moving others. `avoidingNoOpMoves` places them just before
    /// such a section, which shifts it off its old index (nil when none is left to place);
    /// otherwise they follow the stable section before them.
    @inlinable
    func _extended(keeping emptied: [Int], avoidingNoOpMoves: Bool) -> (
        snapshot: Source, placed: [_EmptiedPlacement]
    )? {
        let indexes = _indexes
        var isEmptied = [Bool](_filling: false, count: indexes.oldSectionCount)
        for section in emptied { isEmptied[section] = true }
        // Emptied old sections keyed by the new index of the stable section before them (-1: none).
        var following: [Int: [Int]] = [:]
        var anchor = -1
        for section in 0..<indexes.oldSectionCount {
            let target = Int(indexes.oldSectionTarget[section])
            if target >= 0, indexes.newSectionStable[target] {
                anchor = target
            } else if isEmptied[section] {
                following[anchor, default: []].append(section)
            }
        }
        var sections = ContiguousArray<Source.Section>()
        sections.reserveCapacity(new.sections.count + emptied.count)
        var placed: [_EmptiedPlacement] = []
        var pending = ArraySlice(following[-1] ?? [])
        func place(_ count: Int) {
            for section in pending.prefix(count) {
                let base = Int(indexes.oldBase[section])
                let source = old.sections[section]
                placed.append(_EmptiedPlacement(position: sections.count, source: section))
                sections.append(
                    Source.Section(
                        source.id, content: source.content,
                        items: ContiguousArray(
                            source.items.indices.lazy.filter { indexes.items.oldPartner(base + $0) == nil }.map {
                                source.items[$0]
                            })))
            }
            pending = pending.dropFirst(count)
        }
        if !avoidingNoOpMoves { place(pending.count) }
        for (index, section) in new.sections.enumerated() {
            let source = Int(indexes.newSectionSource[index])
            if source >= 0, indexes.newSectionStable[index] {
                place(pending.count)
                sections.append(section)
                pending = ArraySlice(following[index] ?? [])
                if !avoidingNoOpMoves { place(pending.count) }
                continue
            }
            if avoidingNoOpMoves, source == sections.count {
                guard !pending.isEmpty else { return nil }
                place(1)
            }
            sections.append(section)
        }
        place(pending.count)
        return (Source(_uncheckedUniqueSections: sections), placed)
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
