import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// A client holding only the old list applies a changeset with the elements it brings
/// (``BatchFreshElements``) and must arrive at the new list exactly.
@Suite(.ownThreads) struct FreshElementsTests {
    @Test func seededPairsApplyWithOnlyTheFreshElements() throws {
        let seeds = (0..<UInt64(3_000)).map { $0 &* 0x9E37_79B9 &+ 5 }
        var twoStages = 0
        var freshItems = 0
        for seed in seeds {
            let pair = RandomSnapshotPair(seed: seed)
            let staged = try SectionedDiff(from: pair.old, to: pair.new).stagedBatch
            let changeset = staged.changeset
            let fresh = BatchFreshElements(of: changeset, in: pair.new)
            freshItems += fresh.items.count
            var state = pair.old
            do {
                for (index, stage) in staged.stages.enumerated() {
                    if index < staged.stages.count - 1 {
                        state = try BatchUpdateSimulator.apply(stage.update, to: state, dataSource: stage.result)
                        twoStages += 1
                    } else {
                        state = try BatchUpdateSimulator.apply(stage.update, to: state, fresh: fresh)
                    }
                }
                state = try BatchUpdateSimulator.applyUpdates(changeset.updates, to: state, fresh: fresh)
            } catch {
                Issue.record("seed \(seed): \(error)")
                return
            }
            #expect(state == pair.new, "seed \(seed)")
        }
        print("fresh elements: \(seeds.count) pairs, \(twoStages) with two stages, \(freshItems) fresh items")
        #expect(twoStages > 0 && freshItems > 0)
    }

    @Test func aFreshPlaceWithoutAnElementIsCaught() throws {
        let old = try Snapshot<String, String, Int>(sections: [.init("A", items: [.init("a"), .init("b")])])
        let update = BatchUpdate(itemInserts: [ItemPath(section: 0, item: 1)])
        #expect(throws: BatchUpdateViolation.self) {
            try BatchUpdateSimulator.apply(update, to: old, fresh: BatchFreshElements())
        }
        let fresh = BatchFreshElements<String, String, Int>(items: [ItemPath(section: 0, item: 1): .init("x")])
        let applied = try BatchUpdateSimulator.apply(update, to: old, fresh: fresh)
        #expect(applied.itemIdentifiers == ["a", "x", "b"])
    }

    @Test func aFreshItemThatRepeatsAKeptOneIsCaught() throws {
        let old = try Snapshot<String, String, Int>(sections: [.init("A", items: [.init("a"), .init("b")])])
        let fresh = BatchFreshElements<String, String, Int>(items: [ItemPath(section: 0, item: 0): .init("b")])
        let violation = #expect(throws: BatchUpdateViolation.self) {
            try BatchUpdateSimulator.apply(
                BatchUpdate(itemInserts: [ItemPath(section: 0, item: 0)]), to: old, fresh: fresh)
        }
        #expect(violation?.rule == .uniqueIdentifiers)
    }

    /// Only fresh elements can repeat an identifier (kept items were unique and are placed
    /// once), so the check looks at them: repeats among them, against kept items, and fresh
    /// sections' identifiers.
    @Test func freshElementsThatRepeatAreCaughtWhereverTheyRepeat() throws {
        let old = try Snapshot<String, String, Int>(sections: [
            .init("A", items: [.init("a"), .init("b")]), .init("B", items: [.init("c")])
        ])
        let twoInserts = BatchUpdate(itemInserts: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 3)])
        let cases: [(BatchUpdate, BatchFreshElements<String, String, Int>)] = [
            // Two fresh items with one identifier.
            (
                twoInserts,
                BatchFreshElements(items: [
                    ItemPath(section: 0, item: 0): .init("x"), ItemPath(section: 0, item: 3): .init("x")
                ])
            ),
            // A fresh item repeating an item of another section.
            (
                BatchUpdate(itemInserts: [ItemPath(section: 0, item: 2)]),
                BatchFreshElements(items: [ItemPath(section: 0, item: 2): .init("c")])
            ),
            // An inserted section holding a kept item's identifier.
            (BatchUpdate(sectionInserts: [2]), BatchFreshElements(sections: [2: .init("C", items: [.init("a")])])),
            // An inserted section repeating a kept section's identifier.
            (BatchUpdate(sectionInserts: [2]), BatchFreshElements(sections: [2: .init("B", items: [])]))
        ]
        for (index, (update, fresh)) in cases.enumerated() {
            let violation = #expect(throws: BatchUpdateViolation.self, "case \(index)") {
                try BatchUpdateSimulator.apply(update, to: old, fresh: fresh)
            }
            #expect(violation?.rule == .uniqueIdentifiers, "case \(index)")
        }
        // A deleted item's identifier may come back fresh, and the result answers lookups.
        let back = BatchUpdate(
            itemDeletes: [ItemPath(section: 0, item: 0)], itemInserts: [ItemPath(section: 1, item: 1)])
        let applied = try BatchUpdateSimulator.apply(
            back, to: old, fresh: BatchFreshElements(items: [ItemPath(section: 1, item: 1): .init("a")]))
        #expect(applied.itemIdentifiers == ["b", "c", "a"])
        #expect(applied.indexPathOfItem("a") == ItemPath(section: 1, item: 1))
        #expect(applied.sectionIdentifier(containingItem: "b") == "A")
    }

    @Test func anUpdateThatBringsAnotherIdentifierIsCaught() throws {
        let old = try Snapshot<String, String, Int>(sections: [.init("A", items: [.init("a", content: 1)])])
        let path = ItemPath(section: 0, item: 0)
        let wrong = BatchFreshElements<String, String, Int>(items: [path: .init("z", content: 2)])
        #expect(throws: BatchUpdateViolation.self) {
            try BatchUpdateSimulator.applyUpdates(ContentUpdates(itemReconfigures: [path]), to: old, fresh: wrong)
        }
        let right = BatchFreshElements<String, String, Int>(items: [path: .init("a", content: 2)])
        let updated = try BatchUpdateSimulator.applyUpdates(
            ContentUpdates(itemReconfigures: [path]), to: old, fresh: right)
        #expect(updated.sections[0].items[0].content == 2)
    }

    @Test func outOfBoundsOperationsAreReportedNotTrapped() throws {
        let old = try Snapshot<String, String, Int>(sections: [.init("A", items: [.init("a")])])
        for update in [
            BatchUpdate(itemInserts: [ItemPath(section: 5, item: 0)]),
            BatchUpdate(itemDeletes: [ItemPath(section: -1, item: 0)]),
            BatchUpdate(itemMoves: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 9, item: 9))]),
            BatchUpdate(sectionDeletes: [0, 0]),
            BatchUpdate(itemDeletes: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)])
        ] {
            #expect(throws: BatchUpdateViolation.self) {
                try BatchUpdateSimulator.apply(update, to: old, fresh: BatchFreshElements())
            }
        }
    }
}
