import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// The standard scenarios give the minimal answers of docs/benchmarks.md, and every batch
/// passes the simulator (the bench only times them).
@Suite(.ownThreads) struct StandardScenarioTests {
    func counts<S, I, C>(_ pair: (old: Snapshot<S, I, C>, new: Snapshot<S, I, C>)) throws -> ChangesetCounts {
        let diff = try SectionedDiff(from: pair.old, to: pair.new)
        let staged = diff.stagedBatch
        let batch = staged.changeset
        try BatchUpdateSimulator.verify(
            stages: staged.stages.map { ($0.update, $0.result) }, updates: staged.updates, from: pair.old, to: pair.new)
        try SequentialReplayer.replay(diff.sequential, from: pair.old, to: pair.new)
        return batch.counts
    }

    @Test func flatScenarios() throws {
        for pair in [StandardScenarios.a()] {
            let c = try counts(pair)
            #expect((c.itemDeletes, c.itemInserts, c.itemMoves) == (5_000, 5_000, 0))
        }
        for pair in [StandardScenarios.aString(), StandardScenarios.aString41()] {
            let c = try counts(pair)
            #expect((c.itemDeletes, c.itemInserts, c.itemMoves) == (5_000, 5_000, 0))
        }
        let b = try counts(StandardScenarios.b())
        #expect((b.itemDeletes, b.itemInserts, b.itemMoves) == (25_000, 25_000, 0))
        #expect(try counts(StandardScenarios.c()) == ChangesetCounts())
        #expect(try counts(StandardScenarios.d()).itemMoves == 9_813)
        #expect(try counts(StandardScenarios.d2()).itemMoves == 6)
        #expect(try counts(StandardScenarios.f()).itemMoves == 1)
        #expect(try counts(StandardScenarios.f2()).itemMoves == 1)
        var g = ChangesetCounts()
        g.itemReconfigures = 100
        #expect(try counts(StandardScenarios.g()) == g)
    }

    @Test func sectionedScenarios() throws {
        let e = try counts(StandardScenarios.e())
        #expect((e.itemDeletes, e.itemInserts, e.itemMoves) == (450, 450, 97))
        let e2 = try counts(StandardScenarios.e2())
        #expect((e2.sectionDeletes, e2.sectionInserts, e2.sectionMoves) == (2, 2, 3))
    }
}
