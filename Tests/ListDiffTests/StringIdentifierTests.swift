import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// String identifiers take a byte-hash path when every identifier of a diff is ASCII and
/// fall back to `hashValue` otherwise; both must agree with `String`'s `==`.
@Suite(.ownThreads) struct StringIdentifierTests {
    @Test func canonicallyEquivalentIdentifiersAreTheSameItem() throws {
        // "\u{212A}" (KELVIN SIGN) == "K" and "e\u{301}" == "\u{E9}" for Swift strings.
        let old = try snapshot([("A", ["\u{212A}", "e\u{301}", "x"])])
        let new = try snapshot([("A", ["x", "K", "\u{E9}"])])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(batch.counts.itemDeletes == 0 && batch.counts.itemInserts == 0)
        #expect(batch.counts.itemMoves == 1)
    }

    @Test func aNonASCIIMarkSwitchesTheWholeDiffToHashValue() throws {
        let old = try snapshot([("A", ["K", "b"])])
        var new = try snapshot([("A", ["b", "K"])])
        try new.reloadItems(["\u{212A}"])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(batch.updates.itemReloads == [ItemPath(section: 0, item: 1)])
    }

    @Test func randomPairsWithStringIdentifiersInBothModes() throws {
        for seed in UInt64(0)..<3_000 {
            let pair = RandomSnapshotPair(seed: seed &* 7 &+ 1)
            // Even seeds: all ASCII (byte hash); odd seeds: one non-ASCII identifier (hashValue).
            let name: (Int) -> String = seed % 2 == 0 ? { "item-\($0)" } : { $0 == 3 ? "\u{E9}-\($0)" : "item-\($0)" }
            let old = try Self.relabel(pair.old, name)
            let new = try Self.relabel(pair.new, name)
            let diff = try SectionedDiff(from: old, to: new)
            do {
                let staged = diff.stagedBatch
                try BatchUpdateSimulator.verify(
                    stages: staged.stages.map { ($0.update, $0.result) }, updates: staged.updates, from: old, to: new)
                try SequentialReplayer.replay(diff.sequential, from: old, to: new)
                let intDiff = try SectionedDiff(from: pair.old, to: pair.new)
                #expect(
                    diff.batch == intDiff.batch,
                    "seed \(seed): string and integer identifiers must give the same changeset")
            } catch {
                Issue.record("seed \(seed): \(error)")
                return
            }
        }
    }

    static func relabel(_ source: Snapshot<Int, Int, Int>, _ name: (Int) -> String) throws -> Snapshot<
        String, String, Int
    > {
        var relabelled = try Snapshot<String, String, Int>(
            sections: source.sections.map { section in
                Snapshot<String, String, Int>.Section(
                    "s\(section.id)", content: section.content,
                    items: ContiguousArray(section.items.map { .init(name($0.id), content: $0.content) }))
            })
        try relabelled.reloadItems(source.reloadedItems.map(name))
        try relabelled.reconfigureItems(source.reconfiguredItems.map(name))
        try relabelled.reloadSections(source.reloadedSections.map { "s\($0)" })
        return relabelled
    }
}
