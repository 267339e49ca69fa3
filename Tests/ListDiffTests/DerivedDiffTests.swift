import ListDiffScenarios
import ListDiffTestRun
import Testing

@testable import ListDiff

/// Staged changesets diff snapshots derived from the two the caller gave: the "extended"
/// snapshot that keeps emptied deleted sections (``SectionedDiff/_stages(emptying:)``) and
/// the intermediate snapshot of two-stage changes (``SectionedDiff/_stages(separating:)``).
/// Those diffs, the extended diff's section pass and the last stage that merges deletes of
/// emptied sections are derived from the first diff, not computed again; derived and computed
/// must agree index for index (content updates aside: derived diffs have none; stage one,
/// which keeps the old side's numbering, in its batch and the sections a further stage would
/// need), over seeded random pairs. `LISTDIFF_PROPERTY_CASES` and `LISTDIFF_PROPERTY_SEED` as in
/// ``PropertyTests``.
@Suite(.ownThreads) struct DerivedDiffTests {
    typealias Diff = SectionedDiff<Int, Int, Int>

    @Test func derivedDiffsEqualComputedOnes() throws {
        var compared = (extended: 0, merged: 0, first: 0, second: 0)
        for seed in PropertyTests.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            guard let diff = try? Diff(from: pair.old, to: pair.new) else { continue }
            let context = "seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed))"
            var separated = [diff]
            let emptied = diff._indexes.deletedSectionsWithKeptItems()
            if !emptied.isEmpty, pair.new.reloadedItems.isEmpty, pair.new.reconfiguredItems.isEmpty {
                for avoiding in [true, false] {
                    guard let placed = diff._placement(keeping: emptied, avoidingNoOpMoves: avoiding) else { continue }
                    let extended = diff._extended(placing: placed)
                    let origins = diff._extendedOrigins(placing: placed)
                    let sections = diff._extendedSections(origins: origins)
                    var matcher = _Matcher(old: pair.old, new: extended, options: diff.options)
                    try matcher.matchSections()
                    let sectionDifference = Self.difference(sections, matcher.result)
                    #expect(sectionDifference == nil, "\(context): the extended sections' \(sectionDifference ?? "")")
                    let derived = try #require(diff._extendedDiff(to: extended, origins: origins, sections: sections))
                    let difference = Self.difference(derived._indexes, try Diff(from: pair.old, to: extended)._indexes)
                    #expect(difference == nil, "\(context): the extended diff's \(difference ?? "")")
                    compared.extended += 1
                    separated.append(derived)
                    let stages = derived._batchStages().stages
                    guard stages.count == 2, diff._holdsOnlyDeletedItems(stages[0].result, emptied: emptied) else {
                        continue
                    }
                    let computed = try Diff(from: stages[0].result, to: pair.new)._indexes
                    #expect(computed.secondStageSections().isEmpty, "\(context): the merged last stage is staged")
                    #expect(
                        diff._lastStage(merging: stages[1].update, deleting: placed) == computed.assembleBatch(),
                        "\(context): the merged last stage")
                    compared.merged += 1
                }
            }
            for staged in separated {
                let dirty = staged._indexes.secondStageSections()
                guard !dirty.isEmpty else { continue }
                let (derivedFirst, derivedSecond) = staged._separatingDiffs(dirty: dirty)
                // Stage one keeps the old side's numbering, so it processes the dirty kept sections
                // a computed diff skips as unchanged: compare what the stages read of it.
                let computedFirst = try Diff(from: staged.old, to: derivedFirst.new)
                Self.expectSameStage(derivedFirst._indexes, computedFirst._indexes, "\(context): stage one's")
                compared.first += 1
                // Marks make the computed diff process every section; the stages read the same batch.
                let computedSecond = try Diff(from: derivedSecond.old, to: staged.new)
                if staged.new.reloadedItems.isEmpty, staged.new.reconfiguredItems.isEmpty {
                    let second = Self.difference(derivedSecond._indexes, computedSecond._indexes)
                    #expect(second == nil, "\(context): stage two's \(second ?? "")")
                }
                Self.expectSameStage(derivedSecond._indexes, computedSecond._indexes, "\(context): stage two's")
                compared.second += 1
            }
        }
        print(
            "derived diffs compared: \(compared.extended) extended, \(compared.merged) merged last stages, \(compared.first) first stages, \(compared.second) second stages"
        )
        if PropertyTests.seeds.count >= 1_000 {
            // About one pair in 350 has a last stage to merge.
            #expect(
                compared.extended >= 100 && compared.merged * 1_000 >= PropertyTests.seeds.count
                    && compared.first >= 100, "too few cases stage their changeset")
        }
    }

    /// ``_DiffIndexes/secondStageSections()`` counts each moved section's stable items; it must
    /// name exactly the sections the single batch touches (R7: a moved section with an item
    /// deleted from its old items, moved out of or into it, or inserted into it) and the inserted
    /// sections a kept section's item goes to (R6), read here from the batch itself.
    @Test func secondStageSectionsAreTheSectionsTheBatchTouches() throws {
        var staged = 0
        for seed in PropertyTests.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            guard let indexes = try? Diff(from: pair.old, to: pair.new)._indexes else { continue }
            let batch = indexes.assembleBatch()
            var touched = Set<Int>()
            for move in batch.sectionMoves {
                let fromOldItems =
                    batch.itemDeletes.contains { $0.section == move.from }
                    || batch.itemMoves.contains { $0.from.section == move.from }
                let intoNewItems =
                    batch.itemInserts.contains { $0.section == move.to }
                    || batch.itemMoves.contains { $0.to.section == move.to }
                if fromOldItems || intoNewItems { touched.insert(move.to) }
            }
            for section in batch.sectionInserts {
                let new = pair.new.sections[section].items
                let arrivesFromKept = new.contains { item in
                    guard let source = pair.old.sections.firstIndex(where: { $0.items.contains { $0.id == item.id } })
                    else { return false }
                    return pair.new.indexOfSection(pair.old.sections[source].id) != nil
                }
                if arrivesFromKept { touched.insert(section) }
            }
            #expect(
                indexes.secondStageSections() == touched.sorted(),
                "seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed))")
            if !touched.isEmpty { staged += 1 }
        }
        print("second-stage sections compared: \(PropertyTests.seeds.count) pairs, \(staged) with some")
        if PropertyTests.seeds.count >= 1_000 { #expect(staged >= 100, "too few cases need a second stage") }
    }

    /// What the stages read of a diff: its batch and the sections that would need a further stage.
    static func expectSameStage(
        _ derived: _DiffIndexes, _ computed: _DiffIndexes, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(derived.assembleBatch() == computed.assembleBatch(), "\(label) batch", sourceLocation: sourceLocation)
        #expect(
            derived.secondStageSections() == computed.secondStageSections(), "\(label) sections",
            sourceLocation: sourceLocation)
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
