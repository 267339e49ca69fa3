import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

@Suite(.ownThreads) struct SectionedDiffTests {
    @Test func oneMovedItemIsOneMove() throws {
        let old = try snapshot([("A", ["a", "b", "c", "d", "e"])])
        let new = try snapshot([("A", ["b", "c", "d", "e", "a"])])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(
            batch.stages == [
                BatchUpdate(itemMoves: [
                    ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 4))
                ])
            ])
        #expect(
            try SectionedDiff(from: old, to: new).sequential.operations == [
                .moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 4))
            ])
    }

    @Test func crossSectionMoveAndSectionOperations() throws {
        let old = try snapshot([("A", ["a1", "a2"]), ("B", ["b1"]), ("C", ["c1"])])
        let new = try snapshot([("A", ["a2"]), ("D", ["d1"]), ("B", ["b1", "a1"])])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(
            batch.stages == [
                BatchUpdate(
                    sectionDeletes: [2], sectionInserts: [1],
                    itemMoves: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 2, item: 1))])
            ])
    }

    @Test func itemsOfDeletedAndInsertedSectionsComeAndGoWithThem() throws {
        let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"])])
        let new = try snapshot([("A", ["a1"]), ("N", ["n1", "n2"])])
        let stages = try SectionedDiff(from: old, to: new).batch.stages
        #expect(
            stages == [BatchUpdate(sectionDeletes: [1], sectionInserts: [1])],
            "nothing inside a deleted or inserted section (R6)")
    }

    @Test func anItemLeavingADeletedSectionForAKeptOneMovesBeforeTheSectionGoes() throws {
        // R6 forbids moving an item out of a section deleted in the same batch; one batch
        // could only delete b1 with B and insert it again into A, losing its cell.
        let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"]), ("C", ["c1"])])
        var new = try snapshot([("A", ["a1", "b1"]), ("C", ["c1"])])
        try new.setContent(7, ofItem: "b1")
        let diff = try SectionedDiff(from: old, to: new)
        let stages = diff.batchStages
        #expect(
            stages.map(\.update) == [
                BatchUpdate(itemMoves: [
                    ItemMove(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1))
                ]),
                BatchUpdate(sectionDeletes: [1])
            ])
        #expect(stages.first.map { layout($0.result) } == ["A:a1,b1", "B:b2", "C:c1"], "b2 goes with B, in stage two")
        #expect(
            diff.batch.updates == ContentUpdates(itemReconfigures: [ItemPath(section: 0, item: 1)]),
            "b1 is carried, so its new content is an update")
        try BatchUpdateSimulator.verify(
            stages: stages.map { ($0.update, $0.result) }, updates: diff.batch.updates, from: old, to: new)
    }

    @Test func anItemFromADeletedSectionIntoAnInsertedOneTakesThreeStages() throws {
        // Stage one inserts N, b1 leaves B for A; stage two moves b2 into N (R6: not into a
        // section inserted in the same batch); stage three deletes B (R6: not out of it).
        let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"])])
        let new = try snapshot([("A", ["a1", "b1"]), ("N", ["b2", "n1"])])
        let diff = try SectionedDiff(from: old, to: new)
        let stages = diff.batchStages
        #expect(
            stages.map(\.update) == [
                BatchUpdate(
                    sectionInserts: [1],
                    itemMoves: [ItemMove(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1))]),
                BatchUpdate(itemMoves: [
                    ItemMove(from: ItemPath(section: 2, item: 0), to: ItemPath(section: 1, item: 0))
                ]),
                BatchUpdate(sectionDeletes: [2])
            ])
        #expect(
            stages.map { layout($0.result) } == [
                ["A:a1,b1", "N:n1", "B:b2"], ["A:a1,b1", "N:b2,n1", "B:"], ["A:a1,b1", "N:b2,n1"]
            ])
        try BatchUpdateSimulator.verify(
            stages: stages.map { ($0.update, $0.result) }, updates: diff.batch.updates, from: old, to: new)
    }

    @Test func theDeletesJoinTheSecondStageWhenNothingLeavesADeletedSectionInIt() throws {
        // B moves while its items change (R7: two stages); d1 leaves the deleted D for the
        // unmoved A in stage one, so D can go in stage two with B's item changes.
        let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"]), ("D", ["d1", "d2"])])
        let new = try snapshot([("B", ["b2", "b1"]), ("A", ["a1", "d1"])])
        let diff = try SectionedDiff(from: old, to: new)
        let stages = diff.batchStages
        #expect(stages.count == 2)
        #expect(stages.first.map { layout($0.result) } == ["B:b1,b2", "A:a1,d1", "D:d2"])
        #expect(stages.last?.update.sectionDeletes == [2])
        try BatchUpdateSimulator.verify(
            stages: stages.map { ($0.update, $0.result) }, updates: diff.batch.updates, from: old, to: new)
    }

    @Test func contentChangesAreUpdatesInAfterStateCoordinates() throws {
        var old = try snapshot([("A", ["a", "b", "c"])])
        try old.setContent(1, ofItem: "c")
        var new = try snapshot([("A", ["x", "a", "b", "c"])])
        try new.setContent(2, ofItem: "c")
        try new.reloadItems(["a"])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(
            batch.updates
                == ContentUpdates(
                    itemReloads: [ItemPath(section: 0, item: 1)], itemReconfigures: [ItemPath(section: 0, item: 3)]))
        let reloading = try SectionedDiff(from: old, to: new, options: DiffOptions(contentUpdates: .reload)).batch
        #expect(reloading.updates.itemReloads == [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 3)])
    }

    @Test func reversedSectionsMoveTheOuterOnesAndKeepTheMiddleOne() throws {
        // Both {A} and {C} and {B} are longest runs; only {B} keeps B from a no-op move (R8),
        // which would have deleted and inserted it with its cells.
        let old = try snapshot([("A", ["a1", "a2"]), ("B", ["b1", "b2"]), ("C", ["c1", "c2"])])
        let new = try snapshot([("C", ["c1", "c2"]), ("B", ["b1", "b2"]), ("A", ["a1", "a2"])])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(batch.stages == [BatchUpdate(sectionMoves: [SectionMove(from: 2, to: 0), SectionMove(from: 0, to: 2)])])
    }

    @Test func aSectionThatKeepsItsIndexIsKeptWhenAnotherMovesPastIt() throws {
        let old = try snapshot([("s0", (0..<8).map { "s0-\($0)" }), ("s9", (0..<20).map { "s9-\($0)" })])
        let new = try snapshot([("s31", []), ("s9", (0..<20).map { "s9-\($0)" }), ("s0", (0..<8).map { "s0-\($0)" })])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(batch.stages == [BatchUpdate(sectionInserts: [0], sectionMoves: [SectionMove(from: 0, to: 2)])])
    }

    @Test func aFixedSectionOffEveryLongestRunStaysAtTheCostOfOneMore() throws {
        // Every longest run ({D, E} or {A, B}) leaves C, at index 2 before and after, to be
        // moved to its own index, a no-op move UIKit rejects (R8). Keeping C in place and
        // moving the other four costs one move more than the minimum of three, and keeps C's
        // cells, where deleting and inserting C would not; a three-move answer exists only
        // over two stages, which animate twice for one change.
        let old = try snapshot([("A", ["a"]), ("B", ["b"]), ("C", ["c"]), ("D", ["d"]), ("E", ["e"])])
        let new = try snapshot([("D", ["d"]), ("E", ["e"]), ("C", ["c"]), ("A", ["a"]), ("B", ["b"])])
        let stages = try SectionedDiff(from: old, to: new).batch.stages
        #expect(
            stages == [
                BatchUpdate(sectionMoves: [
                    SectionMove(from: 3, to: 0), SectionMove(from: 4, to: 1), SectionMove(from: 0, to: 3),
                    SectionMove(from: 1, to: 4)
                ])
            ])
    }

    @Test func anItemMovingIntoAnInsertedSectionIsMovedInASecondStage() throws {
        // R6 forbids moving an item into a section inserted in the same batch; one batch
        // could only delete a2 and insert it again.
        let old = try snapshot([("A", ["a1", "a2"])])
        let new = try snapshot([("A", ["a1"]), ("N", ["a2", "n1"])])
        let diff = try SectionedDiff(from: old, to: new)
        let stages = diff.batchStages
        #expect(
            stages.map(\.update) == [
                BatchUpdate(sectionInserts: [1]),
                BatchUpdate(itemMoves: [
                    ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))
                ])
            ])
        #expect(stages.first.map { layout($0.result) } == ["A:a1,a2", "N:n1"])
        try BatchUpdateSimulator.verify(
            stages: stages.map { ($0.update, $0.result) }, updates: diff.batch.updates, from: old, to: new)
    }

    @Test func aMovedSectionWithItemChangesTakesTwoStages() throws {
        let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"])])
        let new = try snapshot([("B", ["b2", "b1", "b3"]), ("A", ["a1"])])
        let diff = try SectionedDiff(from: old, to: new)
        let stages = diff.batchStages
        #expect(stages.count == 2)
        #expect(stages.first?.update.sectionMoves.isEmpty == false)
        #expect(
            stages.first.map { layout($0.result) } == ["B:b1,b2", "A:a1"], "stage one moves B with its items untouched")
        try BatchUpdateSimulator.verify(
            stages: stages.map { ($0.update, $0.result) }, updates: diff.batch.updates, from: old, to: new)
    }

    @Test func duplicatesAreRejectedWithTheirNames() throws {
        let broken = TestSnapshot(uncheckedSections: [("A", ["a", "b"]), ("B", ["b", "c", "c"])])
        let old = try snapshot([("A", ["a"])])
        #expect(throws: SectionedDiffError<String, String>(side: .new, reason: .duplicateItems(["b", "c"]))) {
            try SectionedDiff(from: old, to: broken)
        }
    }

    @Test func sequentialRunsAreCoalesced() throws {
        let old = try snapshot([("A", ["a", "b", "c", "d"])])
        let new = try snapshot([("A", ["a", "x", "y", "d"])])
        #expect(
            try SectionedDiff(from: old, to: new).sequential.operations == [
                .deleteItems(section: 0, at: 1, count: 2), .insertItems(section: 0, at: 1, count: 2)
            ])
    }

    @Test func theReplayerRejectsAWrongSequence() throws {
        let old = try snapshot([("A", ["a", "b"])])
        let new = try snapshot([("A", ["b", "a"])])
        #expect(throws: SequentialReplayer.Failure.self) {
            try SequentialReplayer.replay(SequentialChangeset(), from: old, to: new)
        }
        try SequentialReplayer.replay(
            SequentialChangeset(operations: [
                .moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
            ]), from: old, to: new)
    }

    @Test func longestIncreasingSubsequence() {
        #expect(LongestIncreasingSubsequence.length(of: [3, 1, 2, 5, 4, 6]) == 4)
        #expect(LongestIncreasingSubsequence.members(of: [2, 0, 1]) == [false, true, true])
        #expect(LongestIncreasingSubsequence.length(of: []) == 0)
        var random = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                Int32.random(in: 0..<20, using: &random)
            }
            let members = LongestIncreasingSubsequence.members(of: values)
            let chosen = zip(values, members).filter(\.1).map(\.0)
            #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 })
            #expect(chosen.count == MinimalMoves.lisLength(values.map(Int.init)))
        }
    }

    /// Runs longer than the search's 16-tail vector window, values from the whole `Int32`
    /// range (`.max` is also what pads the run), and one scratch reused by sections of
    /// decreasing sizes, as a diff reuses it.
    @Test func longestIncreasingSubsequenceOfLongRuns() throws {
        let seed: UInt64 = 11
        var random = SplitMix64(seed: seed)
        for round in 0..<60 {
            let count = Int.random(in: 17...700, using: &random)
            let range: ClosedRange<Int32> =
                round % 3 == 0
                ? Int32.min...Int32.max : round % 3 == 1 ? (Int32.max - 50)...Int32.max : 0...Int32(count)
            let values = (0..<count).map { _ in Int32.random(in: range, using: &random) }
            let members = LongestIncreasingSubsequence.members(of: values)
            let chosen = zip(values, members).filter(\.1).map(\.0)
            #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed) round \(round)")
            #expect(chosen.count == MinimalMoves.lisLength(values.map(Int.init)), "seed \(seed) round \(round)")
        }
        // Sections of 600, 300, 40 and 5 shuffled items: each later, shorter section sees the
        // earlier ones' tails in the shared scratch.
        let sizes = [600, 300, 40, 5]
        var next = 0
        let oldSections = sizes.map { size in
            (0..<size).map { _ in
                next += 1
                return next
            }
        }
        let newSections = oldSections.map { $0.shuffled(using: &random) }
        let old = try Snapshot<Int, Int, Never>(
            sections: oldSections.enumerated().map {
                .init($0.offset, items: ContiguousArray($0.element.map { .init($0) }))
            })
        let new = try Snapshot<Int, Int, Never>(
            sections: newSections.enumerated().map {
                .init($0.offset, items: ContiguousArray($0.element.map { .init($0) }))
            })
        let diff = try SectionedDiff(from: old, to: new)
        let expected = zip(oldSections, newSections).map { old, new in
            old.count - MinimalMoves.lisLength(new.map { old.firstIndex(of: $0) ?? -1 })
        }.reduce(0, +)
        #expect(diff.counts.itemMoves == expected, "seed \(seed)")
        try BatchUpdateSimulator.verify(
            stages: diff.batchStages.map { ($0.update, $0.result) }, updates: diff.batch.updates, from: old, to: new)
    }

    @Test func longestIncreasingSubsequenceKeepingFixedElements() {
        #expect(
            LongestIncreasingSubsequence.members(of: [3, 4, 2, 0, 1], keeping: [false, false, true, false, false]) == [
                false, false, true, false, false
            ])
        var random = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let values = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                Int32.random(in: 0..<12, using: &random)
            }
            // Fixed elements must increase: mark a random few that do.
            var isFixed = values.map { _ in false }
            var last = Int32.min
            for index in values.indices where values[index] > last && Int.random(in: 0..<3, using: &random) == 0 {
                isFixed[index] = true
                last = values[index]
            }
            let members = LongestIncreasingSubsequence.members(of: values, keeping: isFixed)
            let chosen = zip(values, members).filter(\.1).map(\.0)
            #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 })
            #expect(zip(isFixed, members).allSatisfy { !$0 || $1 })
            #expect(chosen.count == MinimalMoves.lisLength(values.map(Int.init), isFixed: isFixed))
        }
    }
}
