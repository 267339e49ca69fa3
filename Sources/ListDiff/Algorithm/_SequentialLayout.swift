/// Where the sections stand in the sequential form while items move, when deleted sections
/// hold items the new snapshot keeps ("emptied" sections). Those items must move out before
/// their section goes, so an emptied section stays until the item moves are done: it never
/// moves, and stands just before the stable section that followed it in the old snapshot
/// (after everything placed after the stable section before it), where the section moves'
/// slots leave it. Every other section is at its new index, shifted by the emptied sections
/// before it. With no emptied section every index is the new one and nothing is allocated.
struct _SequentialLayout {
    /// Old indexes of the emptied sections, ascending.
    let emptied: [Int]
    /// Index of each emptied section while items move, in the order of ``emptied``.
    let emptiedIndexes: [Int]
    /// Index of each new section while items move; empty when nothing is emptied.
    let newIndexes: [Int32]
    /// Index of each emptied old section while items move, -1 for the others; empty when
    /// nothing is emptied.
    let oldIndexes: [Int32]

    /// - Complexity: O(s + d) for s sections and d items in deleted sections.
    init(_ indexes: _DiffIndexes) {
        emptied = indexes.deletedSectionsWithKeptItems()
        guard !emptied.isEmpty else {
            (emptiedIndexes, newIndexes, oldIndexes) = ([], [], [])
            return
        }
        // The new index of the stable section before each emptied one (-1: none); they only
        // grow in old order, since stable sections keep their order.
        var anchors: [Int] = []
        var anchor = -1
        for section in 0..<indexes.oldSectionCount {
            let target = Int(indexes.oldSectionTarget[section])
            if target >= 0, indexes.newSectionStable[target] {
                anchor = target
            } else if anchors.count < emptied.count, emptied[anchors.count] == section {
                anchors.append(anchor)
            }
        }
        var emptiedIndexes: [Int] = []
        var newIndexes = [Int32](_filling: 0, count: indexes.newSectionCount)
        var position = 0
        for section in 0..<indexes.newSectionCount {
            if !indexes.isInserted(new: section), indexes.newSectionStable[section] {
                while emptiedIndexes.count < anchors.count, anchors[emptiedIndexes.count] < section {
                    emptiedIndexes.append(position)
                    position += 1
                }
            }
            newIndexes[section] = Int32(truncatingIfNeeded: position)
            position += 1
        }
        while emptiedIndexes.count < anchors.count {
            emptiedIndexes.append(position)
            position += 1
        }
        var oldIndexes = [Int32](_filling: -1, count: indexes.oldSectionCount)
        for (section, index) in zip(emptied, emptiedIndexes) { oldIndexes[section] = Int32(truncatingIfNeeded: index) }
        (self.emptiedIndexes, self.newIndexes, self.oldIndexes) = (emptiedIndexes, newIndexes, oldIndexes)
    }

    /// Where new section `section` stands while items move.
    func index(ofNew section: Int) -> Int {
        newIndexes.isEmpty ? section : Int(newIndexes[section])
    }

    /// Where old section `section` stands while items move: an emptied one where it stays,
    /// a kept one (moved to new index `target`) where it went.
    func index(ofOld section: Int, target: Int) -> Int {
        isEmptied(old: section) ? Int(oldIndexes[section]) : index(ofNew: target)
    }

    func isEmptied(old section: Int) -> Bool {
        !oldIndexes.isEmpty && oldIndexes[section] >= 0
    }
}
