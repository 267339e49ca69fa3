/// The item half of one batch, checked (R2–R7, R10) against the section plan and resolved
/// into, for each new surviving section, the slots taken by fresh and moved items.
@usableFromInline
struct _ItemPlan {
    /// Per new section, its fixed slots in ascending order, each with the old path of the item
    /// moved there (nil: a fresh item). Sorted so the rebuild walks them with a cursor.
    @usableFromInline var fixedSlots: [Int: [(slot: Int, origin: ItemPath?)]] = [:]
    /// Per old section, its items that leave their place (deleted, reloaded or moved), in
    /// ascending order.
    @usableFromInline var leaving: [Int: [Int]] = [:]

    @usableFromInline
    init(_ update: BatchUpdate, sections: _SectionPlan, beforeCounts: [Int], afterCounts: [Int])
        throws(BatchUpdateViolation)
    {
        let moveFrom = update.itemMoves.map(\.from)
        let moveTo = update.itemMoves.map(\.to)
        for (kind, paths) in [("delete", update.itemDeletes), ("reload", update.itemReloads), ("move", moveFrom)] {
            for path in paths where !Self.contains(path, in: beforeCounts) {
                throw BatchUpdateViolation(
                    .bounds, indexPaths: [path],
                    "attempt to \(kind) item \(path.item) from section \(path.section) which only contains \(Self.count(path.section, in: beforeCounts)) items before the update"
                )
            }
        }
        for (kind, paths) in [("insert", update.itemInserts), ("move", moveTo)] {
            for path in paths where !Self.contains(path, in: afterCounts) {
                throw BatchUpdateViolation(
                    .bounds, indexPaths: [path],
                    "attempt to \(kind) item \(path.item) into section \(path.section), but there are only \(Self.count(path.section, in: afterCounts)) items in section \(path.section) after the update"
                )
            }
        }
        for (kind, paths) in [
            ("delete", update.itemDeletes), ("insert", update.itemInserts), ("reload", update.itemReloads),
            ("move from", moveFrom), ("move to", moveTo)
        ] {
            if let repeated = _SectionPlan.firstRepeat(paths) {
                throw BatchUpdateViolation(
                    .noDuplicates, indexPaths: [repeated],
                    "attempt to \(kind) index path \(repeated) more than once in one update")
            }
        }
        try Self.checkSections(update, sections: sections)
        let deletes = Set(update.itemDeletes)
        let reloads = Set(update.itemReloads)
        let sources = Set(moveFrom)
        let inserts = Set(update.itemInserts)
        let targets = Set(moveTo)
        if let both = deletes.intersection(sources).min() {
            throw BatchUpdateViolation(
                .noOverlaps, indexPaths: [both], "attempt to delete and move the same index path \(both)")
        }
        if let both = deletes.intersection(reloads).min() {
            throw BatchUpdateViolation(
                .noOverlaps, indexPaths: [both], "attempt to delete and reload the same index path \(both)")
        }
        if let both = reloads.intersection(sources).min() {
            throw BatchUpdateViolation(
                .reloadsAndMovesDoNotMix, indexPaths: [both], "attempt to reload and move the same index path \(both)")
        }
        if let both = inserts.intersection(targets).min() {
            throw BatchUpdateViolation(
                .noOverlaps, indexPaths: [both], "attempt to insert and move to the same index path \(both)")
        }
        var reloadTargets: [ItemPath] = []
        for source in update.itemReloads {
            guard let target = Self.reloadTarget(of: source, in: update, sections: sections) else { continue }
            if targets.contains(target) || inserts.contains(target) {
                throw BatchUpdateViolation(
                    targets.contains(target) ? .reloadsAndMovesDoNotMix : .noOverlaps, indexPaths: [source, target],
                    "the reload of \(source) lands on \(target), which is also inserted or moved to (a reload's target ignores moves)"
                )
            }
            reloadTargets.append(target)
        }
        for path in deletes.union(reloads).union(sources) { leaving[path.section, default: []].append(path.item) }
        leaving = leaving.mapValues { $0.sorted() }
        for path in update.itemInserts + reloadTargets {
            fixedSlots[path.section, default: []].append((path.item, nil))
        }
        for move in update.itemMoves { fixedSlots[move.to.section, default: []].append((move.to.item, move.from)) }
        fixedSlots = fixedSlots.mapValues { $0.sorted { $0.slot < $1.slot } }
        try Self.checkCounts(
            update, sections: sections, reloadTargets: reloadTargets, beforeCounts: beforeCounts,
            afterCounts: afterCounts)
    }

    /// Where UIKit puts the reload of the item at `source`: its section's new index, the
    /// item shifted by that section's deletes and inserts, never by moves. Nil when the
    /// section goes away. O(u) for u item operations.
    static func reloadTarget(of source: ItemPath, in update: BatchUpdate, sections: _SectionPlan) -> ItemPath? {
        guard source.section >= 0, source.section < sections.oldToNew.count,
            let section = sections.oldToNew[source.section]
        else { return nil }
        let deletesHere = update.itemDeletes.filter { $0.section == source.section }.map(\.item)
        let insertsHere = update.itemInserts.filter { $0.section == section }.map(\.item)
        return ItemPath(
            section: section, item: _SectionPlan.shifted(source.item, deletes: deletesHere, inserts: insertsHere))
    }

    /// R6 and R7: item operations must not touch deleted, inserted or moved sections.
    static func checkSections(_ update: BatchUpdate, sections: _SectionPlan) throws(BatchUpdateViolation) {
        for (kind, paths) in [
            ("delete", update.itemDeletes), ("reload", update.itemReloads), ("move", update.itemMoves.map(\.from))
        ] {
            if let path = paths.first(where: { sections.goneOld.contains($0.section) }) {
                throw BatchUpdateViolation(
                    .sectionsVersusItems, sections: [path.section], indexPaths: [path],
                    "attempt to \(kind) item \(path) inside section \(path.section), which is itself deleted or reloaded in this update"
                )
            }
            if let path = paths.first(where: { sections.movedOld.contains($0.section) }) {
                throw BatchUpdateViolation(
                    .noItemOperationsInMovedSections, sections: [path.section], indexPaths: [path],
                    "attempt to \(kind) item \(path) inside section \(path.section), which is itself moved in this update"
                )
            }
        }
        for (kind, paths) in [("insert", update.itemInserts), ("move", update.itemMoves.map(\.to))] {
            if let path = paths.first(where: { sections.freshNew.contains($0.section) }) {
                throw BatchUpdateViolation(
                    .sectionsVersusItems, sections: [path.section], indexPaths: [path],
                    "attempt to \(kind) item \(path) into section \(path.section), which is itself inserted or reloaded in this update"
                )
            }
            if let path = paths.first(where: { sections.movedNew.contains($0.section) }) {
                throw BatchUpdateViolation(
                    .noItemOperationsInMovedSections, sections: [path.section], indexPaths: [path],
                    "attempt to \(kind) item \(path) into section \(path.section), which is itself moved in this update"
                )
            }
        }
    }

    /// R10, with UIKit's message: each surviving section's count must balance.
    static func checkCounts(
        _ update: BatchUpdate, sections: _SectionPlan, reloadTargets: [ItemPath], beforeCounts: [Int],
        afterCounts: [Int]
    ) throws(BatchUpdateViolation) {
        var inserted = [Int](_filling: 0, count: afterCounts.count)
        var deleted = [Int](_filling: 0, count: beforeCounts.count)
        var movedIn = inserted
        var movedOut = deleted
        for path in update.itemInserts + reloadTargets { inserted[path.section] += 1 }
        for path in update.itemDeletes + update.itemReloads { deleted[path.section] += 1 }
        for move in update.itemMoves where sections.oldToNew[move.from.section] != move.to.section {
            movedOut[move.from.section] += 1
            movedIn[move.to.section] += 1
        }
        for old in 0..<beforeCounts.count {
            guard let new = sections.oldToNew[old] else { continue }
            let expected = beforeCounts[old] + inserted[new] - deleted[old] + movedIn[new] - movedOut[old]
            if afterCounts[new] != expected {
                throw BatchUpdateViolation(
                    .itemCount, sections: [new],
                    "Invalid update: invalid number of items in section \(new). The number of items contained in an existing section after the update (\(afterCounts[new])) must be equal to the number of items contained in that section before the update (\(beforeCounts[old])), plus or minus the number of items inserted or deleted from that section (\(inserted[new]) inserted, \(deleted[old]) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn[new]) moved in, \(movedOut[old]) moved out)."
                )
            }
        }
    }

    static func contains(_ path: ItemPath, in counts: [Int]) -> Bool {
        path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
    }

    static func count(_ section: Int, in counts: [Int]) -> Int {
        section >= 0 && section < counts.count ? counts[section] : 0
    }
}
