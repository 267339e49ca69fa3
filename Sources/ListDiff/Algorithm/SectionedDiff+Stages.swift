extension SectionedDiff {
    /// Two stages for what one batch cannot do while keeping every cell: sections that move
    /// while items inside them change (R7 forbids both in one batch), and items of kept
    /// sections that move into inserted sections (R6 forbids the move; one batch could only
    /// delete and insert them). The intermediate snapshot has the new sections in new order;
    /// the "dirty" moved sections still hold their old items, and every other section already
    /// holds its new items except those held back: items coming from dirty sections, and
    /// items of kept sections bound for dirty inserted sections, which stay where they were
    /// (each just after the stable item it followed). Stage one (old → intermediate) then
    /// touches no item inside a moved section and moves none into an inserted one; stage two
    /// (intermediate → new) has no section operations at all.
    ///
    /// Items held back on their way into an inserted section are carried by stage two rather
    /// than arriving fresh with their section, so their content changes need updates too
    /// (``_updatesIncludingCarried()``). Items leaving deleted sections are handled before
    /// this, by ``_stages(emptying:)``, whose extended diff may come here.
    ///
    /// Both stages' diffs are derived from this one's matching, so nothing is hashed again:
    /// each item of the intermediate snapshot is one of this diff's. Stage one keeps this
    /// diff's old numbering and partners (``_firstStageIndexes(middle:codes:isDirty:reshaped:)``);
    /// stage two, whose sections are the new snapshot's, matches the few sections it changes
    /// by their items' identities (``_Matcher/runSeeded(sections:oldCodes:newCodes:codeCount:copyingStable:from:)``).
    ///
    /// Should a stage need a further stage, which the construction rules out, the dirty
    /// moved sections are deleted and inserted instead (R7's other remedy), and the items
    /// bound for inserted sections arrive with them.
    @inlinable
    func _stages(separating dirty: [Int]) -> (stages: [Stage], carries: Bool) {
        let (first, second) = _separatingDiffs(dirty: dirty)
        if first._indexes.secondStageSections().isEmpty, second._indexes.secondStageSections().isEmpty {
            return (
                [
                    Stage(update: first._indexes.assembleBatch(), result: first.new),
                    Stage(update: second._indexes.assembleBatch(), result: new)
                ], true
            )
        }
        var normalized = _indexes
        for section in dirty where !normalized.isInserted(new: section) {
            normalized.oldSectionTarget[Int(normalized.newSectionSource[section])] = _DiffIndexes.none
            normalized.newSectionSource[section] = _DiffIndexes.none
        }
        return ([Stage(update: normalized.assembleBatch(), result: new)], false)
    }

    /// The diffs old → intermediate and intermediate → new, derived from this one.
    @inlinable
    func _separatingDiffs(dirty: [Int]) -> (first: Self, second: Self) {
        let indexes = _indexes
        let isDirty = _flags(dirty)
        let reshaped = _reshapedSections(isDirty: isDirty)
        // Stage two processes only the dirty and reshaped sections: every other one holds its
        // new items in the intermediate snapshot already, so their identities are not needed.
        let newCodes = (0..<indexes.newSectionCount).map {
            isDirty[$0] || reshaped[$0] ? _codes(new: $0) : _SectionCodes.unprocessed
        }
        let (middle, middleCodes) = _intermediate(isDirty: isDirty, reshaped: reshaped, newCodes: newCodes)
        // A dirty kept section starts stage two from its old items, as this diff does.
        let copied = (0..<indexes.newSectionCount).map { isDirty[$0] && !indexes.isInserted(new: $0) }
        var second = _Matcher(old: middle, new: new, options: options)
        return (
            Self(
                old: old, new: middle, options: options,
                indexes: _firstStageIndexes(middle: middle, codes: middleCodes, isDirty: isDirty, reshaped: reshaped)),
            Self(
                old: middle, new: new, options: options,
                indexes: second.runSeeded(
                    sections: .identity(sectionCount: indexes.newSectionCount), oldCodes: middleCodes,
                    newCodes: newCodes, codeCount: indexes.items.oldCount + indexes.items.newCount,
                    copyingStable: copied, from: indexes))
        )
    }

    /// Whether new item `newFlat` of new section `section` waits in its old section during
    /// stage one: its old section is a dirty moved one (which keeps its old items), or it
    /// comes from a kept section into a dirty inserted one.
    @inlinable
    func _isHeldBack(_ newFlat: Int, in section: Int, isDirty: [Bool]) -> Bool {
        let indexes = _indexes
        guard let partner = indexes.items.newPartner(newFlat) else { return false }
        let target = indexes.oldSectionTarget[indexes.items.oldSection(partner)]
        return target != _DiffIndexes.none
            && (isDirty[Int(target)] || (isDirty[section] && indexes.isInserted(new: section)))
    }

    @inlinable
    func _flags(_ sections: [Int]) -> [Bool] {
        var flags = [Bool](_filling: false, count: _indexes.newSectionCount)
        for section in sections { flags[section] = true }
        return flags
    }

    /// The identities of new section `section`'s items (see ``_SectionCodes``).
    @inlinable
    func _codes(new section: Int) -> _SectionCodes {
        let indexes = _indexes
        guard let range = indexes.flatRange(new: section) else { return .unprocessed }
        let oldCount = Int32(truncatingIfNeeded: indexes.items.oldCount)
        return .list(
            indexes.items.read { items in
                ContiguousArray(
                    range.lazy.map { flat in
                        let partner = items.newPartner[flat]
                        return partner != _ItemColumns.none ? partner : oldCount &+ Int32(truncatingIfNeeded: flat)
                    })
            })
    }

    /// The intermediate snapshot, and its items' identities (see ``_SectionCodes``); `newCodes`
    /// are the new sections' (``_codes(new:)``), shared by the sections stage one leaves as
    /// they are new (neither dirty nor `reshaped`).
    @inlinable
    func _intermediate(isDirty: [Bool], reshaped: [Bool], newCodes: [_SectionCodes]) -> (
        snapshot: Source, codes: [_SectionCodes]
    ) {
        let indexes = _indexes
        var sections = ContiguousArray<Source.Section>()
        sections.reserveCapacity(indexes.newSectionCount)
        var codes: [_SectionCodes] = []
        codes.reserveCapacity(indexes.newSectionCount)
        for (index, section) in new.sections.enumerated() {
            let source = Int(indexes.newSectionSource[index])
            if isDirty[index], source >= 0 {
                sections.append(Source.Section(section.id, content: section.content, items: old.sections[source].items))
                codes.append(.run(start: indexes.oldBase[source]))
                continue
            }
            guard reshaped[index] else {
                sections.append(section)
                codes.append(newCodes[index])
                continue
            }
            let leaving = source >= 0 ? _itemsLeavingForDirty(from: source, keptAs: index, isDirty: isDirty) : []
            // Leaving items come in old order, so their anchors, the stable items they follow,
            // appear in the same order among the new items: one cursor walks them.
            var next = leaving.startIndex
            var items = ContiguousArray<Source.Item>()
            items.reserveCapacity(section.items.count &+ leaving.count)
            var itemCodes = ContiguousArray<Int32>()
            itemCodes.reserveCapacity(section.items.count &+ leaving.count)
            let oldBase = source >= 0 ? Int(indexes.oldBase[source]) : 0
            func takeLeaving(after anchor: Int) {
                while next < leaving.endIndex, leaving[next].anchor == anchor {
                    items.append(leaving[next].item)
                    itemCodes.append(Int32(truncatingIfNeeded: oldBase &+ leaving[next].offset))
                    next &+= 1
                }
            }
            takeLeaving(after: -1)
            let base = Int(indexes.newBase[index])
            let newItemCodes = newCodes[index]
            for (offset, item) in section.items.enumerated()
            where !_isHeldBack(base + offset, in: index, isDirty: isDirty) {
                items.append(item)
                itemCodes.append(newItemCodes.code(at: offset))
                guard next < leaving.endIndex, let partner = indexes.items.newPartner(base + offset),
                    leaving[next].anchor == partner - oldBase,
                    indexes.items.isStable(new: base + offset)
                else { continue }
                takeLeaving(after: partner - oldBase)
            }
            sections.append(Source.Section(section.id, content: section.content, items: items))
            codes.append(.list(itemCodes))
        }
        return (Source(_uncheckedUniqueSections: sections), codes)
    }

    /// Per new section, whether its intermediate version differs from its new one: a dirty
    /// inserted section, or one that holds an item back (``_isHeldBack(_:in:isDirty:)``) or
    /// keeps an item leaving for a dirty section. Dirty kept sections hold their old items
    /// and are not reshaped. Only the dirty sections' items are read: every such item leaves
    /// or enters one.
    @inlinable
    func _reshapedSections(isDirty: [Bool]) -> [Bool] {
        let indexes = _indexes
        var reshaped = [Bool](_filling: false, count: indexes.newSectionCount)
        indexes.items.read { items in
            for section in 0..<indexes.newSectionCount where isDirty[section] {
                guard let range = indexes.flatRange(new: section) else { continue }
                let source = Int(indexes.newSectionSource[section])
                if source == Int(_DiffIndexes.none) { reshaped[section] = true }
                // An item arriving in this dirty section from a clean one leaves that one later.
                for flat in range where items.newPartner[flat] != _ItemColumns.none {
                    let target = Int(indexes.oldSectionTarget[Int(items.oldSection[Int(items.newPartner[flat])])])
                    if target != Int(_DiffIndexes.none), target != section, !isDirty[target] { reshaped[target] = true }
                }
                // An item leaving this dirty section's old items for a clean one is held back here.
                guard source != Int(_DiffIndexes.none), let old = indexes.flatRange(old: source) else { continue }
                for flat in old where items.oldPartner[flat] != _ItemColumns.none {
                    let target = Int(items.newSection[Int(items.oldPartner[flat])])
                    if target != section, !isDirty[target] { reshaped[target] = true }
                }
            }
        }
        return reshaped
    }

    /// Old items of section `source` bound for dirty sections (moved or inserted), in old
    /// order, each with its old index and that of the stable item it followed (-1: none), so
    /// they stay where stage one will not move them.
    @inlinable
    func _itemsLeavingForDirty(from source: Int, keptAs target: Int, isDirty: [Bool]) -> [(
        anchor: Int, offset: Int, item: Source.Item
    )] {
        let indexes = _indexes
        let base = Int(indexes.oldBase[source])
        var leaving: [(anchor: Int, offset: Int, item: Source.Item)] = []
        var anchor = -1
        for (offset, item) in old.sections[source].items.enumerated() {
            guard let partner = indexes.items.oldPartner(base + offset) else { continue }
            let section = indexes.items.newSection(partner)
            if section == target, indexes.items.isStable(new: partner) {
                anchor = offset
            } else if isDirty[section] {
                leaving.append((anchor, offset, item))
            }
        }
        return leaving
    }
}
