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
    /// Should a re-diff fail, which only snapshots built without checks can cause, the dirty
    /// moved sections are deleted and inserted instead (R7's other remedy), and the items
    /// bound for inserted sections arrive with them.
    @inlinable
    func _stages(separating dirty: [Int]) -> (stages: [Stage], carries: Bool) {
        let middle = _intermediate(dirty: dirty)
        do {
            let first = try Self(from: old, to: middle)._indexes.assembleBatch()
            let second = try Self(from: middle, to: new)._indexes.assembleBatch()
            if first.secondStageSections.isEmpty, second.secondStageSections.isEmpty {
                return ([Stage(update: first.update, result: middle), Stage(update: second.update, result: new)], true)
            }
        } catch {}
        var normalized = _indexes
        for section in dirty where !normalized.isInserted(new: section) {
            normalized.oldSectionTarget[Int(normalized.newSectionSource[section])] = _DiffIndexes.none
            normalized.newSectionSource[section] = _DiffIndexes.none
        }
        return ([Stage(update: normalized.assembleBatch().update, result: new)], false)
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

    @inlinable
    func _intermediate(dirty: [Int]) -> Source {
        let indexes = _indexes
        let isDirty = _flags(dirty)
        var sections = ContiguousArray<Source.Section>()
        sections.reserveCapacity(indexes.newSectionCount)
        for (index, section) in new.sections.enumerated() {
            let source = Int(indexes.newSectionSource[index])
            if isDirty[index], source >= 0 {
                sections.append(Source.Section(section.id, content: section.content, items: old.sections[source].items))
                continue
            }
            guard indexes.isProcessed(new: index) else {
                sections.append(section)
                continue
            }
            let leaving = source >= 0 ? _itemsLeavingForDirty(from: source, keptAs: index, isDirty: isDirty) : []
            // Leaving items come in old order, so their anchors, the stable items they follow,
            // appear in the same order among the new items: one cursor walks them.
            var next = leaving.startIndex
            var items = ContiguousArray<Source.Item>()
            items.reserveCapacity(section.items.count &+ leaving.count)
            while next < leaving.endIndex, leaving[next].anchor < 0 {
                items.append(leaving[next].item)
                next &+= 1
            }
            let base = Int(indexes.newBase[index])
            let oldBase = source >= 0 ? Int(indexes.oldBase[source]) : 0
            for (offset, item) in section.items.enumerated()
            where !_isHeldBack(base + offset, in: index, isDirty: isDirty) {
                items.append(item)
                guard next < leaving.endIndex, let partner = indexes.items.newPartner(base + offset),
                    leaving[next].anchor == partner - oldBase, indexes.items.isStable(new: base + offset)
                else { continue }
                while next < leaving.endIndex, leaving[next].anchor == partner - oldBase {
                    items.append(leaving[next].item)
                    next &+= 1
                }
            }
            sections.append(Source.Section(section.id, content: section.content, items: items))
        }
        return Source(_uncheckedUniqueSections: sections)
    }

    /// Old items of section `source` bound for dirty sections (moved or inserted), in old
    /// order, each with the old index of the stable item it followed (-1: none), so they stay
    /// where stage one will not move them.
    @inlinable
    func _itemsLeavingForDirty(from source: Int, keptAs target: Int, isDirty: [Bool]) -> [(
        anchor: Int, item: Source.Item
    )] {
        let indexes = _indexes
        let base = Int(indexes.oldBase[source])
        var leaving: [(anchor: Int, item: Source.Item)] = []
        var anchor = -1
        for (offset, item) in old.sections[source].items.enumerated() {
            guard let partner = indexes.items.oldPartner(base + offset) else { continue }
            let section = indexes.items.newSection(partner)
            if section == target, indexes.items.isStable(new: partner) {
                anchor = offset
            } else if isDirty[section] {
                leaving.append((anchor, item))
            }
        }
        return leaving
    }
}
