extension BatchUpdateSimulator {
    /// Applies one batch as a client that holds only the state before it does: what the state
    /// cannot supply (inserted and reloaded sections, inserted and reloaded items) comes from
    /// `fresh`. The rules ``apply(_:to:dataSource:)`` checks are checked, R1 on the result (a
    /// fresh identifier that repeats one the list keeps); the counts of the sections after
    /// the batch are derived from the batch itself, and a fresh place without an element in
    /// `fresh` is an R11 violation (there is nothing to show there). The result's identifier
    /// index is built when first asked for.
    /// - Complexity: O(n + u log u) for n items and u operations; no identifier is hashed
    ///   unless fresh ones came (then each is looked up once in the set of those).
    @inlinable
    public static func apply<S, I, C>(
        _ update: BatchUpdate, to before: Snapshot<S, I, C>, fresh: BatchFreshElements<S, I, C>
    ) throws(BatchUpdateViolation) -> Snapshot<S, I, C> {
        let sectionCount = before.sections.count + Set(update.sectionInserts).count - Set(update.sectionDeletes).count
        let sections = try _SectionPlan(update, before: before.sections.count, after: max(sectionCount, 0))
        let beforeCounts = before.sections.map(\.items.count)
        var afterCounts = [Int](_filling: 0, count: sections.afterCount)
        for index in 0..<sections.afterCount {
            if let source = sections.newToOld[index] {
                afterCounts[index] = beforeCounts[source]
            } else {
                afterCounts[index] = try freshSection(index, in: fresh).items.count
            }
        }
        // Each surviving section gains its inserts and moves in and loses its deletes and moves
        // out; operations outside the bounds are left to the item plan to report.
        for path in update.itemInserts where sections.newToOld.indices.contains(path.section) {
            afterCounts[path.section] += 1
        }
        for path in update.itemDeletes where sections.oldToNew.indices.contains(path.section) {
            if let new = sections.oldToNew[path.section] { afterCounts[new] -= 1 }
        }
        for move in update.itemMoves
        where sections.oldToNew.indices.contains(move.from.section)
            && sections.newToOld.indices.contains(move.to.section)
        {
            guard let from = sections.oldToNew[move.from.section], from != move.to.section else { continue }
            afterCounts[from] -= 1
            afterCounts[move.to.section] += 1
        }
        let items = try _ItemPlan(
            update, sections: sections, beforeCounts: beforeCounts, afterCounts: afterCounts.map { max($0, 0) })
        var freshIDs: [I] = []
        let rebuilt = try rebuild(
            before: before, sections: sections, items: items, itemCounts: afterCounts,
            freshSection: { (index) throws(BatchUpdateViolation) in
                let section = try freshSection(index, in: fresh)
                for item in section.items { freshIDs.append(item.id) }
                return section
            },
            freshItem: { (path) throws(BatchUpdateViolation) in
                let item = try freshItem(path, in: fresh)
                freshIDs.append(item.id)
                return item
            })
        return try checkedUnique(rebuilt, fresh: freshIDs)
    }

    /// `snapshot`, rebuilt from a state whose items were unique with each kept item placed
    /// once, checked for R1 where it can fail: its section identifiers, and its `fresh` item
    /// identifiers among themselves and against every other item. Its item index is left to
    /// be built when first asked for: building it here would hash every identifier into a
    /// dictionary, a large share of a client's apply, for a check only fresh items can fail.
    /// - Complexity: O(s + f) for s sections and f fresh items, and when there are fresh
    ///   items O(n) lookups in the set of them.
    @inlinable
    static func checkedUnique<S, I, C>(_ snapshot: Snapshot<S, I, C>, fresh: [I]) throws(BatchUpdateViolation)
        -> Snapshot<S, I, C>
    {
        let sectionIndex: [S: Int]
        do {
            sectionIndex = try Snapshot<S, I, C>._indexSections(snapshot.sections)
        } catch {
            throw BatchUpdateViolation(.uniqueIdentifiers, "Fatal: supplied identifiers are not unique. \(error)")
        }
        var freshSet = Set<I>(minimumCapacity: fresh.count)
        var repeated = fresh.contains { !freshSet.insert($0).inserted }
        if !repeated, !freshSet.isEmpty {
            var found = 0
            // Identifiers read in place: copying each item out costs a retain and a release.
            for section in snapshot.sections {
                section.items.withUnsafeBufferPointer { items in
                    for index in items.indices where freshSet.contains(items[index].id) { found += 1 }
                }
            }
            repeated = found > fresh.count
        }
        guard !repeated else { return try indexed(snapshot) }
        return Snapshot(_sections: snapshot.sections, sectionIndex: sectionIndex, itemSection: nil)
    }

    /// Applies content updates as a client does: each reloaded section and each reloaded or
    /// reconfigured item takes its element from `fresh`, which must keep the identifier it
    /// replaces (a reloaded section's new items are checked against the whole list: R1).
    /// O(u) for u updates when `state` is given up (`consume`) and holds the only reference to
    /// its sections; otherwise the sections are copied first, O(n). O(n) more when sections
    /// are reloaded.
    @inlinable
    public static func applyUpdates<S, I, C>(
        _ updates: ContentUpdates, to state: consuming Snapshot<S, I, C>, fresh: BatchFreshElements<S, I, C>
    ) throws(BatchUpdateViolation) -> Snapshot<S, I, C> {
        guard !updates.isEmpty else { return state }
        // Taken out of `state`, so that changing an item does not copy every section's items.
        var sections = state._takeSections()
        for index in updates.sectionReloads {
            guard sections.indices.contains(index) else {
                throw BatchUpdateViolation(
                    .bounds, sections: [index],
                    "attempt to reload section \(index), but there are only \(sections.count) sections")
            }
            let section = try freshSection(index, in: fresh)
            guard section.id == sections[index].id else {
                throw BatchUpdateViolation(
                    .rebuildMatchesTarget, sections: [index],
                    "the reload of section \(index) brings \"\(section.id)\" where the list has \"\(sections[index].id)\""
                )
            }
            sections[index] = section
        }
        for path in updates.itemReloads + updates.itemReconfigures {
            guard sections.indices.contains(path.section), sections[path.section].items.indices.contains(path.item)
            else {
                throw BatchUpdateViolation(
                    .bounds, indexPaths: [path],
                    "attempt to reload or reconfigure item \(path.item) in section \(path.section), which does not exist"
                )
            }
            let item = try freshItem(path, in: fresh)
            guard item.id == sections[path.section].items[path.item].id else {
                throw BatchUpdateViolation(
                    .rebuildMatchesTarget, indexPaths: [path],
                    "the update of \(path) brings \"\(item.id)\" where the list has \"\(sections[path.section].items[path.item].id)\""
                )
            }
            sections[path.section].items[path.item].content = item.content
        }
        // Items keep their identifiers; only a reloaded section brings new ones.
        if updates.sectionReloads.isEmpty {
            return state._replacingContent(with: sections)
        }
        return try indexed(Snapshot<S, I, C>(_uncheckedUniqueSections: sections))
    }

    /// `snapshot` with its identifier index built, or R1 naming the repeated identifiers. O(n).
    @inlinable
    static func indexed<S, I, C>(_ snapshot: Snapshot<S, I, C>) throws(BatchUpdateViolation) -> Snapshot<S, I, C> {
        do {
            return try Snapshot<S, I, C>(sections: snapshot.sections)
        } catch {
            throw BatchUpdateViolation(.uniqueIdentifiers, "Fatal: supplied identifiers are not unique. \(error)")
        }
    }

    @inlinable
    static func freshSection<S, I, C>(_ index: Int, in fresh: BatchFreshElements<S, I, C>) throws(BatchUpdateViolation)
        -> Snapshot<S, I, C>.Section
    {
        guard let section = fresh.sections[index] else {
            throw BatchUpdateViolation(
                .rebuildMatchesTarget, sections: [index],
                "section \(index) is fresh after the update, but no section was given for it")
        }
        return section
    }

    @inlinable
    static func freshItem<S, I, C>(_ path: ItemPath, in fresh: BatchFreshElements<S, I, C>) throws(BatchUpdateViolation)
        -> Snapshot<S, I, C>.Item
    {
        guard let item = fresh.items[path] else {
            throw BatchUpdateViolation(
                .rebuildMatchesTarget, indexPaths: [path],
                "item \(path) is fresh after the update, but no item was given for it")
        }
        return item
    }
}
