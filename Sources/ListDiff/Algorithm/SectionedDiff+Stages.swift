extension SectionedDiff {
    /// Two stages for when sections move while items inside them change (rule R7 forbids
    /// both in one batch). The intermediate snapshot has the new sections in new order; the
    /// "dirty" moved sections still hold their old items, and every other section already
    /// holds its new items except those coming from dirty sections, while keeping those
    /// leaving for dirty sections (each just after the stable item it followed). Stage one
    /// (old → intermediate) then touches no item inside a moved section; stage two
    /// (intermediate → new) has no section operations at all.
    ///
    /// Items moving from a dirty section into an inserted one are carried by stage two rather
    /// than arriving fresh with their section, so their content changes need updates too.
    ///
    /// Should a re-diff fail, which only snapshots built without checks can cause, the dirty
    /// sections are deleted and inserted instead: R7's other remedy.
    @inlinable
    func _stages(separating dirty: [Int]) -> (stages: [Stage], updates: ContentUpdates) {
        let middle = _intermediate(dirty: dirty)
        do {
            let first = try Self(from: old, to: middle)._indexes.assembleBatch()
            let second = try Self(from: middle, to: new)._indexes.assembleBatch()
            if first.dirtyMovedSections.isEmpty, second.dirtyMovedSections.isEmpty {
                return ([Stage(update: first.update, result: middle), Stage(update: second.update, result: new)], _updatesIncludingCarried(dirty: dirty))
            }
        } catch {}
        var normalized = _indexes
        for section in dirty {
            normalized.oldSectionTarget[Int(normalized.newSectionSource[section])] = -1
            normalized.newSectionSource[section] = -1
        }
        return ([Stage(update: normalized.assembleBatch().update, result: new)], _indexes.updates)
    }

    @inlinable
    func _updatesIncludingCarried(dirty: [Int]) -> ContentUpdates {
        let indexes = _indexes
        var updates = indexes.updates
        let dirtySet = Set(dirty)
        for section in 0..<indexes.newSectionCount where indexes.newSectionSource[section] < 0 && indexes.newBase[section] >= 0 {
            let base = Int(indexes.newBase[section])
            for (offset, item) in new.sections[section].items.enumerated() {
                let partner = Int(indexes.newPartner[base + offset])
                guard partner >= 0, dirtySet.contains(Int(indexes.oldSectionTarget[Int(indexes.oldFlatSection[partner])])) else { continue }
                let previous = indexes.oldPath(partner)
                let path = IndexPath(section: section, item: offset)
                let changed = old.sections[previous.section].items[previous.item].content != item.content
                if new.reloadedItems.contains(item.id) || (changed && options.contentUpdates == .reload) {
                    updates.itemReloads.append(path)
                } else if changed || new.reconfiguredItems.contains(item.id) {
                    updates.itemReconfigures.append(path)
                }
            }
        }
        updates.itemReloads.sort()
        updates.itemReconfigures.sort()
        return updates
    }

    @inlinable
    func _intermediate(dirty: [Int]) -> Source {
        let indexes = _indexes
        var isDirty = [Bool](repeating: false, count: indexes.newSectionCount)
        for section in dirty { isDirty[section] = true }
        func comesFromDirty(_ newFlat: Int) -> Bool {
            let partner = Int(indexes.newPartner[newFlat])
            guard partner >= 0 else { return false }
            let target = Int(indexes.oldSectionTarget[Int(indexes.oldFlatSection[partner])])
            return target >= 0 && isDirty[target]
        }
        var sections = ContiguousArray<Source.Section>()
        sections.reserveCapacity(indexes.newSectionCount)
        for (index, section) in new.sections.enumerated() {
            let source = Int(indexes.newSectionSource[index])
            if isDirty[index] {
                sections.append(Source.Section(section.id, content: section.content, items: old.sections[source].items))
                continue
            }
            guard indexes.newBase[index] >= 0 else {
                sections.append(section)
                continue
            }
            let leaving = source >= 0 ? _itemsLeavingForDirty(from: source, keptAs: index, isDirty: isDirty) : [:]
            var items = ContiguousArray<Source.Item>(leaving[-1] ?? [])
            let base = Int(indexes.newBase[index])
            for (offset, item) in section.items.enumerated() where !comesFromDirty(base + offset) {
                items.append(item)
                let partner = Int(indexes.newPartner[base + offset])
                if indexes.newStable[base + offset] { items.append(contentsOf: leaving[partner - Int(indexes.oldBase[source])] ?? []) }
            }
            sections.append(Source.Section(section.id, content: section.content, items: items))
        }
        return Source(_uncheckedUniqueSections: sections)
    }

    /// Old items of section `source` bound for dirty sections, keyed by the old index of the
    /// stable item they followed (-1: none), so they stay where stage one will not move them.
    @inlinable
    func _itemsLeavingForDirty(from source: Int, keptAs target: Int, isDirty: [Bool]) -> [Int: [Source.Item]] {
        let indexes = _indexes
        let base = Int(indexes.oldBase[source])
        var leaving: [Int: [Source.Item]] = [:]
        var anchor = -1
        for (offset, item) in old.sections[source].items.enumerated() {
            let partner = Int(indexes.oldPartner[base + offset])
            guard partner >= 0 else { continue }
            let section = Int(indexes.newFlatSection[partner])
            if section == target, indexes.newStable[partner] {
                anchor = offset
            } else if isDirty[section] {
                leaving[anchor, default: []].append(item)
            }
        }
        return leaving
    }
}
