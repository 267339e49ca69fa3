import Testing
import ListDiff
import ListDiffScenarios

@Suite struct SectionedDiffTests {
    @Test func oneMovedItemIsOneMove() throws {
        let old = try snapshot([("A", ["a", "b", "c", "d", "e"])])
        let new = try snapshot([("A", ["b", "c", "d", "e", "a"])])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(batch.stages == [BatchUpdate(itemMoves: [ItemMove(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 0, item: 4))])])
        #expect(try SectionedDiff(from: old, to: new).sequential.operations == [.moveItem(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 0, item: 4))])
    }

    @Test func crossSectionMoveAndSectionOperations() throws {
        let old = try snapshot([("A", ["a1", "a2"]), ("B", ["b1"]), ("C", ["c1"])])
        let new = try snapshot([("A", ["a2"]), ("D", ["d1"]), ("B", ["b1", "a1"])])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(batch.stages == [BatchUpdate(sectionDeletes: [2], sectionInserts: [1],
                                             itemMoves: [ItemMove(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 2, item: 1))])])
    }

    @Test func itemsOfDeletedAndInsertedSectionsComeAndGoWithThem() throws {
        let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"])])
        let new = try snapshot([("A", ["a1", "b1"]), ("N", ["b2", "n1"])])
        let stage = try #require(try SectionedDiff(from: old, to: new).batch.stages.first)
        #expect(stage.sectionDeletes == [1] && stage.sectionInserts == [1])
        #expect(stage.itemInserts == [IndexPath(section: 0, item: 1)], "b1 leaves a deleted section: an insert, never a move (R6)")
        #expect(stage.itemDeletes.isEmpty && stage.itemMoves.isEmpty)
    }

    @Test func contentChangesAreUpdatesInAfterStateCoordinates() throws {
        var old = try snapshot([("A", ["a", "b", "c"])])
        try old.setContent(1, ofItem: "c")
        var new = try snapshot([("A", ["x", "a", "b", "c"])])
        try new.setContent(2, ofItem: "c")
        try new.reloadItems(["a"])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(batch.updates == ContentUpdates(itemReloads: [IndexPath(section: 0, item: 1)], itemReconfigures: [IndexPath(section: 0, item: 3)]))
        let reloading = try SectionedDiff(from: old, to: new, options: DiffOptions(contentUpdates: .reload)).batch
        #expect(reloading.updates.itemReloads == [IndexPath(section: 0, item: 1), IndexPath(section: 0, item: 3)])
    }

    @Test func aNoOpSectionMoveBecomesDeleteAndInsert() throws {
        // Any longest run leaves C moved from 2 to 2, which UIKit treats as a no-op move (R8).
        let old = try snapshot([("A", []), ("B", []), ("C", []), ("D", []), ("E", [])])
        let new = try snapshot([("D", []), ("E", []), ("C", []), ("A", []), ("B", [])])
        let stage = try #require(try SectionedDiff(from: old, to: new).batch.stages.first)
        #expect(!stage.sectionMoves.contains { $0.from == $0.to })
        #expect(stage.sectionDeletes == [2] && stage.sectionInserts == [2])
    }

    @Test func aMovedSectionWithItemChangesTakesTwoStages() throws {
        let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"])])
        let new = try snapshot([("B", ["b2", "b1", "b3"]), ("A", ["a1"])])
        let diff = try SectionedDiff(from: old, to: new)
        let stages = diff.batchStages
        #expect(stages.count == 2)
        #expect(stages.first?.update.sectionMoves.isEmpty == false)
        #expect(stages.first.map { layout($0.result) } == ["B:b1,b2", "A:a1"], "stage one moves B with its items untouched")
        try BatchUpdateSimulator.verify(stages: stages.map { ($0.update, $0.result) }, updates: diff.batch.updates, from: old, to: new)
    }

    @Test func duplicatesAreRejectedWithTheirNames() throws {
        let broken = TestSnapshot(uncheckedSections: [("A", ["a", "b"]), ("B", ["b", "c", "c"])])
        let old = try snapshot([("A", ["a"])])
        #expect(throws: SectionedDiffError<String, String>(side: .new, reason: .duplicateItems(["b", "c"]))) { try SectionedDiff(from: old, to: broken) }
    }

    @Test func sequentialRunsAreCoalesced() throws {
        let old = try snapshot([("A", ["a", "b", "c", "d"])])
        let new = try snapshot([("A", ["a", "x", "y", "d"])])
        #expect(try SectionedDiff(from: old, to: new).sequential.operations == [.deleteItems(section: 0, at: 1, count: 2), .insertItems(section: 0, at: 1, count: 2)])
    }

    @Test func theReplayerRejectsAWrongSequence() throws {
        let old = try snapshot([("A", ["a", "b"])])
        let new = try snapshot([("A", ["b", "a"])])
        #expect(throws: SequentialReplayer.Failure.self) { try SequentialReplayer.replay(SequentialChangeset(), from: old, to: new) }
        try SequentialReplayer.replay(SequentialChangeset(operations: [.moveItem(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 0, item: 1))]), from: old, to: new)
    }

    @Test func longestIncreasingSubsequence() {
        #expect(LongestIncreasingSubsequence.length(of: [3, 1, 2, 5, 4, 6]) == 4)
        #expect(LongestIncreasingSubsequence.members(of: [2, 0, 1]) == [false, true, true])
        #expect(LongestIncreasingSubsequence.length(of: []) == 0)
        var random = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 0...30, using: &random)).map { _ in Int32.random(in: 0..<20, using: &random) }
            let members = LongestIncreasingSubsequence.members(of: values)
            let chosen = zip(values, members).filter(\.1).map(\.0)
            #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 })
            #expect(chosen.count == MinimalMoves.lisLength(values.map(Int.init)))
        }
    }
}
