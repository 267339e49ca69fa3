import Foundation
import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// Seeded random old/new pairs: the batch form must pass the simulator and rebuild `new`
/// exactly; the sequential form must replay to `new`; moves must be minimal; and no cell the
/// lists kept may be thrown away (``CellLoss``).
/// `LISTDIFF_PROPERTY_CASES=N` sets the number of cases (default 20,000);
/// `LISTDIFF_PROPERTY_SEED=S` reruns one failing case.
@Suite(.ownThreads) struct PropertyTests {
    static var cases: Int { TestRun.cases("LISTDIFF_PROPERTY_CASES", default: 20_000) }
    static var seeds: [UInt64] {
        if let seed = TestRun.seed("LISTDIFF_PROPERTY_SEED") { return [seed] }
        return (0..<UInt64(cases)).map { $0 &* 0x9E37_79B9 &+ 17 }
    }

    @Test func batchAndSequentialFormsRebuildTheNewSnapshot() throws {
        var failures = 0
        var coverage = Coverage()
        var loss = CellLoss()
        var extraSectionMoves = (cases: 0, moves: 0)
        var movesBeyondOneBatch = (cases: 0, moves: 0)
        for seed in Self.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            let style: DiffOptions.ContentUpdateStyle = seed % 3 == 0 ? .reload : .reconfigure
            do {
                let diff = try SectionedDiff(from: pair.old, to: pair.new, options: DiffOptions(contentUpdates: style))
                let staged = diff.stagedBatch
                let batch = staged.changeset
                // The one-stage shortcut the service answers with gives what the stages give.
                let direct = diff.batchWithIntermediateSnapshots
                guard direct.changeset == batch, direct.intermediateSnapshots == staged.stages.dropLast().map(\.result)
                else {
                    throw CellLoss.Lost(
                        description:
                            "batchWithIntermediateSnapshots \(direct.changeset) differs from the stages' \(batch)")
                }
                try BatchUpdateSimulator.verify(
                    stages: staged.stages.map { ($0.update, $0.result) }, updates: staged.updates, from: pair.old,
                    to: pair.new)
                try SequentialReplayer.replay(diff.sequential, from: pair.old, to: pair.new)
                let extra = try MinimalMoves.check(
                    batch, old: pair.old, new: pair.new,
                    sectionOrder: (staged.stages.first?.result ?? pair.new).sectionIdentifiers)
                if extra.forFixedSections > 0 {
                    extraSectionMoves = (extraSectionMoves.cases + 1, extraSectionMoves.moves + extra.forFixedSections)
                }
                if extra.forStages > 0 {
                    movesBeyondOneBatch = (movesBeyondOneBatch.cases + 1, movesBeyondOneBatch.moves + extra.forStages)
                }
                let lost = loss.record(
                    stages: staged.stages.map { ($0.update, $0.result) }, from: pair.old, to: pair.new)
                guard lost == (0, 0) else {
                    throw CellLoss.Lost(
                        description:
                            "\(lost.sections) kept sections and \(lost.items) kept items deleted and inserted again: \(batch)"
                    )
                }
                coverage.record(batch)
            } catch {
                failures += 1
                Issue.record("seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed)): \(error)")
                if failures >= 5 { return }
            }
        }
        print("property cases: \(Self.seeds.count) passed both forms; \(coverage)")
        print(
            "cells: \(loss); cases where keeping every fixed section in place took moves beyond kept − LIS: \(extraSectionMoves.cases) (\(extraSectionMoves.moves) moves); where stages that keep a deleted section's items took section moves beyond one batch: \(movesBeyondOneBatch.cases) (\(movesBeyondOneBatch.moves) moves)"
        )
        #expect(loss.sectionsReinserted == 0 && loss.itemsReinserted == 0)
        if Self.seeds.count >= 1_000 { coverage.expectEveryKindSeen() }
    }

    /// How many cases exercised each kind of change, so a generator that stopped producing
    /// one cannot go unnoticed.
    struct Coverage: CustomStringConvertible {
        var twoStages = 0, threeStages = 0, sectionMoves = 0, sectionInsertsAndDeletes = 0, itemMoves = 0,
            crossSectionMoves = 0
        var itemInsertsAndDeletes = 0, updates = 0, empty = 0

        mutating func record(_ batch: BatchChangeset) {
            let counts = batch.counts
            if batch.stages.count == 2 { twoStages += 1 }
            if batch.stages.count == 3 { threeStages += 1 }
            if counts.sectionMoves > 0 { sectionMoves += 1 }
            if counts.sectionInserts + counts.sectionDeletes > 0 { sectionInsertsAndDeletes += 1 }
            if counts.itemMoves > 0 { itemMoves += 1 }
            if batch.stages.contains(where: { $0.itemMoves.contains { $0.from.section != $0.to.section } }) {
                crossSectionMoves += 1
            }
            if counts.itemInserts + counts.itemDeletes > 0 { itemInsertsAndDeletes += 1 }
            if !batch.updates.isEmpty { updates += 1 }
            if batch.isEmpty { empty += 1 }
        }

        func expectEveryKindSeen() {
            for (name, count) in [
                ("two stages", twoStages), ("three stages", threeStages), ("section moves", sectionMoves),
                ("section inserts/deletes", sectionInsertsAndDeletes),
                ("item moves", itemMoves), ("cross-section moves", crossSectionMoves),
                ("item inserts/deletes", itemInsertsAndDeletes),
                ("updates", updates), ("no change", empty)
            ] {
                #expect(count > 0, "no property case produced \(name)")
            }
        }

        var description: String {
            "cases with two stages \(twoStages), three \(threeStages), section moves \(sectionMoves), section inserts/deletes \(sectionInsertsAndDeletes), item moves \(itemMoves), cross-section moves \(crossSectionMoves), item inserts/deletes \(itemInsertsAndDeletes), updates \(updates), no change \(empty)"
        }
    }
}
