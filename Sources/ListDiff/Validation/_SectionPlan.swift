/// The section half of one batch, checked (R2, R3, R4, R5, R6, R8, R9) and resolved: where
/// every old section goes and where every new section comes from.
@usableFromInline
struct _SectionPlan {
    @usableFromInline let beforeCount: Int
    @usableFromInline let afterCount: Int
    /// New index of each old section; nil when deleted or reloaded (it is replaced).
    @usableFromInline var oldToNew: [Int?]
    /// Old index of each new section; nil when inserted or the target of a reload.
    @usableFromInline var newToOld: [Int?]
    /// Old indexes of move sources and new indexes of move targets.
    @usableFromInline var movedOld: Set<Int> = []
    @usableFromInline var movedNew: Set<Int> = []
    /// Old sections that go away (deleted or reloaded) and new ones that arrive fresh.
    @usableFromInline var goneOld: Set<Int> = []
    @usableFromInline var freshNew: Set<Int> = []

    @usableFromInline
    init(_ update: BatchUpdate, before: Int, after: Int) throws(BatchUpdateViolation) {
        beforeCount = before
        afterCount = after
        for (kind, indexes) in [
            ("delete", update.sectionDeletes), ("reload", update.sectionReloads),
            ("move", update.sectionMoves.map(\.from))
        ] {
            if let bad = indexes.first(where: { $0 < 0 || $0 >= before }) {
                throw BatchUpdateViolation(
                    .bounds, sections: [bad],
                    "attempt to \(kind) section \(bad), but there are only \(before) sections before the update")
            }
        }
        for index in update.sectionInserts + update.sectionMoves.map(\.to) where index < 0 || index >= after {
            throw BatchUpdateViolation(
                .bounds, sections: [index],
                "attempt to insert section \(index), but there are only \(after) sections after the update")
        }
        for (kind, indexes) in [
            ("delete", update.sectionDeletes), ("insert", update.sectionInserts), ("reload", update.sectionReloads),
            ("move from", update.sectionMoves.map(\.from)), ("move to", update.sectionMoves.map(\.to))
        ] {
            if let repeated = Self.firstRepeat(indexes) {
                throw BatchUpdateViolation(
                    .noDuplicates, sections: [repeated],
                    "attempt to \(kind) section \(repeated) more than once in one update")
            }
        }
        if let move = update.sectionMoves.first(where: { $0.from == $0.to }) {
            throw BatchUpdateViolation(
                .noNoOpMoves, sections: [move.from],
                "attempt to move section \(move.from) to itself (\(move.from) → \(move.to))")
        }
        let deletes = Set(update.sectionDeletes)
        let inserts = Set(update.sectionInserts)
        movedOld = Set(update.sectionMoves.map(\.from))
        movedNew = Set(update.sectionMoves.map(\.to))
        if let both = movedOld.intersection(deletes).min() {
            throw BatchUpdateViolation(
                .sectionsVersusItems, sections: [both], "attempt to delete and move section \(both) in one update")
        }
        if let both = movedNew.intersection(inserts).min() {
            throw BatchUpdateViolation(
                .sectionsVersusItems, sections: [both], "attempt to insert section \(both) where a section is moved to")
        }
        let reloads = Set(update.sectionReloads)
        if let both = reloads.intersection(deletes).min() {
            throw BatchUpdateViolation(
                .noOverlaps, sections: [both], "attempt to delete and reload the same section \(both)")
        }
        if let both = reloads.intersection(movedOld).min() {
            throw BatchUpdateViolation(
                .reloadsAndMovesDoNotMix, sections: [both], "attempt to reload and move the same section \(both)")
        }
        let reloadTargets = update.sectionReloads.map {
            Self.shifted($0, deletes: update.sectionDeletes, inserts: update.sectionInserts)
        }
        for (source, target) in zip(update.sectionReloads, reloadTargets)
        where inserts.contains(target) || movedNew.contains(target) {
            throw BatchUpdateViolation(
                movedNew.contains(target) ? .reloadsAndMovesDoNotMix : .noOverlaps, sections: [source, target],
                "the reload of section \(source) lands on section \(target), which is also inserted or moved to")
        }
        guard after == before + inserts.count - deletes.count else {
            throw BatchUpdateViolation(
                .sectionCount,
                "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(after)) must be equal to the number of sections contained in the collection view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserts.count) inserted, \(deletes.count) deleted)."
            )
        }
        goneOld = deletes.union(reloads)
        freshNew = inserts.union(reloadTargets)
        oldToNew = Array(_filling: nil, count: before)
        newToOld = Array(_filling: nil, count: after)
        for move in update.sectionMoves {
            oldToNew[move.from] = move.to
            newToOld[move.to] = move.from
        }
        var free = (0..<after).filter { !freshNew.contains($0) && !movedNew.contains($0) }.makeIterator()
        for section in 0..<before where !goneOld.contains(section) && !movedOld.contains(section) {
            guard let slot = free.next() else {
                throw BatchUpdateViolation(
                    .sectionCount, sections: [section],
                    "section \(section) has no place after the update: sections inserted, reloaded and moved overlap")
            }
            oldToNew[section] = slot
            newToOld[slot] = section
        }
    }

    /// Where UIKit puts the reload of `index`: shifted by deletes and inserts, never by moves.
    static func shifted(_ index: Int, deletes: [Int], inserts: [Int]) -> Int {
        var shifted = index - deletes.lazy.filter { $0 < index }.count
        for insert in inserts.sorted() where insert <= shifted { shifted += 1 }
        return shifted
    }

    static func firstRepeat<T: Hashable>(_ values: [T]) -> T? {
        var seen = Set<T>()
        return values.first { !seen.insert($0).inserted }
    }
}
