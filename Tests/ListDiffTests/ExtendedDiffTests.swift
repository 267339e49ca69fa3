import ListDiffScenarios
import Testing

@testable import ListDiff

/// A change that empties deleted sections is staged through an "extended" snapshot that keeps
/// them (``SectionedDiff/_stages(emptying:)``); the diff to it is derived from the first
/// diff's matching, not computed again. Derived and computed must agree index for index (the
/// content updates aside: the derived diff has none), for both placements of the emptied
/// sections, over seeded random pairs. `LISTDIFF_PROPERTY_CASES` and `LISTDIFF_PROPERTY_SEED`
/// as in ``PropertyTests``.
@Suite struct ExtendedDiffTests {
    @Test func theDerivedExtendedDiffEqualsTheComputedOne() throws {
        var compared = 0
        for seed in PropertyTests.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            guard let diff = try? SectionedDiff(from: pair.old, to: pair.new) else { continue }
            let emptied = diff._indexes.deletedSectionsWithKeptItems()
            guard !emptied.isEmpty, pair.new.reloadedItems.isEmpty, pair.new.reconfiguredItems.isEmpty else { continue }
            for avoiding in [true, false] {
                guard let (extended, placed) = diff._extended(keeping: emptied, avoidingNoOpMoves: avoiding) else {
                    continue
                }
                var matcher = _Matcher(old: pair.old, new: extended, options: diff.options)
                try matcher.matchSections()
                let derived = try #require(diff._extendedDiff(to: extended, placing: placed, sections: matcher.result))
                let computed = try SectionedDiff(from: pair.old, to: extended)
                let difference = Self.difference(derived._indexes, computed._indexes)
                #expect(
                    difference == nil, "seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed)): \(difference ?? "")")
                compared += 1
            }
        }
        print("extended diffs compared: \(compared)")
        if PropertyTests.seeds.count >= 1_000 { #expect(compared >= 100, "too few cases empty a deleted section") }
    }

    /// The first field in which two diffs' indexes differ, content updates aside; nil when none does.
    static func difference(_ left: _DiffIndexes, _ right: _DiffIndexes) -> String? {
        let fields: [(String, Bool)] = [
            (
                "section counts",
                left.oldSectionCount == right.oldSectionCount && left.newSectionCount == right.newSectionCount
            ),
            ("oldSectionTarget", left.oldSectionTarget == right.oldSectionTarget),
            ("newSectionSource", left.newSectionSource == right.newSectionSource),
            ("newSectionStable", left.newSectionStable == right.newSectionStable),
            ("oldBase", left.oldBase == right.oldBase), ("oldCounts", left.oldCounts == right.oldCounts),
            ("newBase", left.newBase == right.newBase), ("newCounts", left.newCounts == right.newCounts),
            ("item counts", left.items.oldCount == right.items.oldCount && left.items.newCount == right.items.newCount),
            ("item columns", left.items.storage == right.items.storage)
        ]
        return fields.first { !$0.1 }?.0
    }
}
