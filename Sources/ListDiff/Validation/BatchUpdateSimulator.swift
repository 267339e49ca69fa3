/// Judges batch updates by UIKit's rules and replays them, so that every changeset the
/// service emits is proven safe before a device ever sees it.
///
/// ``apply(_:to:dataSource:)`` checks one `performBatchUpdates` call against the state
/// before it, with `dataSource` answering UIKit's questions afterwards (counts, and the
/// items of inserted rows); it reports the first broken rule or returns the state rebuilt
/// as UIKit would (rule R11), in which carried items keep their old content.
/// ``verify(stages:updates:from:)`` runs a whole changeset and checks that content updates
/// bring every changed item up to date.
public enum BatchUpdateSimulator {
    /// Applies one batch; returns the rebuilt state.
    /// - Complexity: O(n + u log u) for n items and u operations.
    public static func apply<S, I, C>(
        _ update: BatchUpdate, to before: Snapshot<S, I, C>, dataSource after: Snapshot<S, I, C>
    ) throws(BatchUpdateViolation) -> Snapshot<S, I, C> {
        try checkUnique(before)
        try checkUnique(after)
        let sections = try _SectionPlan(update, before: before.sections.count, after: after.sections.count)
        let afterCounts = after.sections.map(\.items.count)
        let items = try _ItemPlan(
            update, sections: sections, beforeCounts: before.sections.map(\.items.count), afterCounts: afterCounts)
        let rebuilt = try rebuild(
            before: before, sections: sections, items: items, itemCounts: afterCounts,
            freshSection: { after.sections[$0] }, freshItem: { after.sections[$0.section].items[$0.item] })
        try checkRebuild(rebuilt, matches: after)
        return rebuilt
    }

    /// Runs every stage (each stage's `result` plays the data source), then the content
    /// updates, and requires the final state to equal the last result exactly, content included.
    public static func verify<S, I, C>(
        stages: [(update: BatchUpdate, result: Snapshot<S, I, C>)], updates: ContentUpdates,
        from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
    ) throws(BatchUpdateViolation) {
        var state = old
        for (index, stage) in stages.enumerated() {
            do {
                state = try apply(stage.update, to: state, dataSource: stage.result)
            } catch var violation {
                violation.stage = index
                throw violation
            }
        }
        if stages.isEmpty, !sameIdentifiers(state, new) {
            throw BatchUpdateViolation(
                .rebuildMatchesTarget, "there are no structural operations, but the lists differ")
        }
        try applyUpdates(updates, to: &state, from: new)
        if state != new {
            let stale = firstContentDifference(state, new)
            throw BatchUpdateViolation(
                .rebuildMatchesTarget, indexPaths: stale.map { [$0] } ?? [],
                "after the updates, content is stale at \(stale.map(\.description) ?? "a section"): a content update is missing"
            )
        }
    }

    static func checkUnique<S, I, C>(_ snapshot: Snapshot<S, I, C>) throws(BatchUpdateViolation) {
        do {
            _ = try Snapshot<S, I, C>(sections: snapshot.sections)
        } catch {
            throw BatchUpdateViolation(.uniqueIdentifiers, "Fatal: supplied identifiers are not unique. \(error)")
        }
    }

    static func sameIdentifiers<S, I, C>(_ left: Snapshot<S, I, C>, _ right: Snapshot<S, I, C>) -> Bool {
        left.sectionIdentifiers == right.sectionIdentifiers
            && left.sections.indices.allSatisfy {
                left.sections[$0].items.map(\.id) == right.sections[$0].items.map(\.id)
            }
    }

    static func applyUpdates<S, I, C>(
        _ updates: ContentUpdates, to state: inout Snapshot<S, I, C>, from new: Snapshot<S, I, C>
    ) throws(BatchUpdateViolation) {
        for section in updates.sectionReloads {
            guard section < state.sections.count, section < new.sections.count else {
                throw BatchUpdateViolation(
                    .bounds, sections: [section],
                    "attempt to reload section \(section), but there are only \(state.sections.count) sections")
            }
            state.sections[section] = new.sections[section]
        }
        for path in updates.itemReloads + updates.itemReconfigures {
            guard path.section < state.sections.count, path.item < state.sections[path.section].items.count,
                path.section < new.sections.count, path.item < new.sections[path.section].items.count
            else {
                throw BatchUpdateViolation(
                    .bounds, indexPaths: [path],
                    "attempt to reload or reconfigure item \(path.item) in section \(path.section), which does not exist after the update"
                )
            }
            state.sections[path.section].items[path.item].content = new.sections[path.section].items[path.item].content
        }
    }

    static func firstContentDifference<S, I, C>(_ left: Snapshot<S, I, C>, _ right: Snapshot<S, I, C>) -> ItemPath? {
        for (section, pair) in zip(left.sections, right.sections).enumerated() {
            for (item, items) in zip(pair.0.items, pair.1.items).enumerated() where items.0.content != items.1.content {
                return ItemPath(section: section, item: item)
            }
        }
        return nil
    }
}
