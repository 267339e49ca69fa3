import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// Seeded random outlines with random edits, expansions and collapses: every changeset between
/// the visible rows passes the simulator and rebuilds the new rows exactly (both forms), every
/// row whose content, level or disclosure changed is updated and no other, and collapsing then
/// expanding an item shows its subtree as it was. `LISTDIFF_PROPERTY_CASES` (default 20,000)
/// and `LISTDIFF_PROPERTY_SEED` as for the flat property tests.
@Suite(.ownThreads) struct OutlinePropertyTests {
    struct Generator {
        var random: SplitMix64
        var next = 0

        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        mutating func below(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }

        mutating func item(depth: Int) -> TestOutlineItem {
            next += 1
            var item = TestOutlineItem("i\(next)", content: chance(30) ? below(3) : nil, isExpanded: chance(60))
            if depth < 3 { item.children = items(count: below(depth == 0 ? 4 : 3), depth: depth + 1) }
            return item
        }

        mutating func items(count: Int, depth: Int) -> [TestOutlineItem] {
            (0..<count).map { _ in item(depth: depth) }
        }

        mutating func anyID(in outline: TestOutline) -> String? {
            var ids: [String] = []
            for root in outline.roots { root.forEachInSubtree { ids.append($0.id) } }
            return ids.isEmpty ? nil : ids[below(ids.count)]
        }

        /// One random edit; edits that cannot apply (a cycle) are skipped.
        mutating func edit(_ outline: inout TestOutline) throws {
            guard let target = anyID(in: outline) else {
                try outline.append(items(count: 1 + below(3), depth: 1))
                return
            }
            switch below(9) {
            case 0: try outline.expand([target])
            case 1: try outline.collapse([target])
            case 2: try outline.append(items(count: 1 + below(2), depth: 2), to: chance(20) ? nil : target)
            case 3: try outline.insert(items(count: 1, depth: 2), before: target)
            case 4: try outline.delete([target])
            case 5: try outline.replaceChildren(of: target, with: items(count: below(3), depth: 2))
            case 6:
                // A move: the item leaves with its subtree and comes back beside another.
                let moved = try outline.subtree(of: target, includingParent: true).roots
                try outline.delete([target])
                if let anchor = anyID(in: outline) {
                    if chance(50) {
                        try outline.insert(moved, after: anchor)
                    } else {
                        try outline.append(moved, to: anchor)
                    }
                } else {
                    try outline.append(moved)
                }
            default:
                outline = try TestOutline(roots: outline.roots.map { changingContent(of: $0, target) })
            }
        }

        mutating func changingContent(of item: TestOutlineItem, _ target: String) -> TestOutlineItem {
            var item = item
            if item.id == target { item.content = (item.content ?? 0) + 1 }
            item.children = item.children.map { changingContent(of: $0, target) }
            return item
        }
    }

    @Test func randomEditsGiveValidChangesetsThatUpdateExactlyTheChangedRows() throws {
        var failures = 0
        var counts = (inserts: 0, deletes: 0, moves: 0, updates: 0)
        for seed in PropertyTests.seeds {
            var generator = Generator(random: SplitMix64(seed: seed ^ 0x0071_17E5))
            do {
                let old = try TestOutline(roots: generator.items(count: 1 + generator.below(5), depth: 0))
                var new = old
                for _ in 0..<(1 + generator.below(4)) { try generator.edit(&new) }
                let changeset = try outlineDiff(old, new)
                let before = Dictionary(uniqueKeysWithValues: old.visibleRows.map { ($0.id, $0.diffContent) })
                let updated = Set(changeset.updates.itemReconfigures + changeset.updates.itemReloads)
                for (index, row) in new.visibleRows.enumerated() {
                    guard let previous = before[row.id] else { continue }
                    let path = ItemPath(section: 0, item: index)
                    if previous != row.diffContent, !updated.contains(path) {
                        throw Mismatch(what: "\(row.id) changed and is not updated")
                    }
                    if previous == row.diffContent, updated.contains(path) {
                        throw Mismatch(what: "\(row.id) is updated without a change")
                    }
                }
                if let target = generator.anyID(in: new), try new.isVisible(target) {
                    var folded = new
                    let expanded = try folded.isExpanded(target)
                    try folded.collapse([target])
                    try folded.expand([target])
                    if !expanded { try folded.collapse([target]) }
                    if rows(folded) != rows(new) {
                        throw Mismatch(what: "collapsing and expanding \(target) did not restore its subtree")
                    }
                }
                let batch = changeset.counts
                counts = (
                    counts.inserts + batch.itemInserts, counts.deletes + batch.itemDeletes,
                    counts.moves + batch.itemMoves,
                    counts.updates + updated.count
                )
            } catch {
                failures += 1
                Issue.record("seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed)): \(error)")
                if failures >= 5 { return }
            }
        }
        print(
            "outline property cases: \(PropertyTests.seeds.count) passed; rows inserted \(counts.inserts), deleted \(counts.deletes), moved \(counts.moves), updated \(counts.updates)"
        )
        if PropertyTests.seeds.count >= 1_000 {
            #expect(
                counts.inserts > 0 && counts.deletes > 0 && counts.moves > 0 && counts.updates > 0,
                "the generator must make every kind of change")
        }
    }

    struct Mismatch: Error, CustomStringConvertible {
        var what: String
        var description: String { what }
    }
}
