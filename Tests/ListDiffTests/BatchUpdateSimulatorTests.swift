@_spi(Unchecked) import ListDiff
import ListDiffTestRun
import Testing

/// Every rule of batch-update-rules.md has a batch the simulator must reject.
@Suite(.ownThreads) struct BatchUpdateSimulatorTests {
    let old: TestSnapshot
    let new: TestSnapshot

    init() throws {
        old = try snapshot([("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"]), ("C", ["c1"])])
        new = try snapshot([("A", ["a2", "a1", "x"]), ("B", ["b1", "b2"]), ("C", ["c1"])])
    }

    func rule(of update: BatchUpdate, from before: TestSnapshot? = nil, to after: TestSnapshot? = nil) -> String? {
        do {
            _ = try BatchUpdateSimulator.apply(update, to: before ?? old, dataSource: after ?? new)
            return nil
        } catch {
            return error.rule.rawValue
        }
    }

    @Test func aValidBatchRebuildsTheTarget() throws {
        let update = BatchUpdate(
            itemDeletes: [ItemPath(section: 0, item: 2)], itemInserts: [ItemPath(section: 0, item: 2)],
            itemMoves: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))])
        #expect(try BatchUpdateSimulator.apply(update, to: old, dataSource: new) == new)
    }

    @Test func r1DuplicateIdentifiers() throws {
        let broken = TestSnapshot(uncheckedSections: [("A", ["a", "a"])])
        #expect(rule(of: BatchUpdate(), from: broken, to: broken) == "R1")
    }

    @Test func r2OutOfBounds() {
        #expect(rule(of: BatchUpdate(itemDeletes: [ItemPath(section: 0, item: 3)])) == "R2")
        #expect(rule(of: BatchUpdate(itemInserts: [ItemPath(section: 2, item: 1)])) == "R2")
        #expect(rule(of: BatchUpdate(sectionDeletes: [3])) == "R2")
    }

    @Test func r3DuplicatesWithinOneKind() {
        let path = ItemPath(section: 0, item: 2)
        #expect(rule(of: BatchUpdate(itemDeletes: [path, path], itemInserts: [path])) == "R3")
        let move = ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
        #expect(
            rule(of: BatchUpdate(itemMoves: [move, ItemMove(from: ItemPath(section: 0, item: 1), to: move.to)])) == "R3"
        )
    }

    @Test func r4Overlaps() {
        let path = ItemPath(section: 0, item: 0)
        #expect(
            rule(
                of: BatchUpdate(
                    itemDeletes: [path], itemMoves: [ItemMove(from: path, to: ItemPath(section: 0, item: 1))])) == "R4")
        #expect(rule(of: BatchUpdate(itemDeletes: [path], itemReloads: [path])) == "R4")
    }

    @Test func r5ReloadAndMoveOfOneItem() {
        let path = ItemPath(section: 0, item: 0)
        #expect(
            rule(
                of: BatchUpdate(
                    itemMoves: [ItemMove(from: path, to: ItemPath(section: 0, item: 1))], itemReloads: [path])) == "R5")
        // The reload of a2 (old [0, 1]) is computed ignoring moves, so it lands on [0, 1]: the move target.
        let landsOnMoveTarget = BatchUpdate(
            itemMoves: [ItemMove(from: path, to: ItemPath(section: 0, item: 1))],
            itemReloads: [ItemPath(section: 0, item: 1)])
        #expect(rule(of: landsOnMoveTarget) == "R5")
    }

    @Test func r6SectionsVersusItems() throws {
        let withoutB = try snapshot([("A", ["a1", "a2", "a3"]), ("C", ["c1"])])
        #expect(
            rule(of: BatchUpdate(sectionDeletes: [1], itemDeletes: [ItemPath(section: 1, item: 0)]), to: withoutB)
                == "R6", "item delete inside a deleted section")
        let withD = try snapshot([("A", ["a2", "a3"]), ("D", ["a1"]), ("B", ["b1", "b2"]), ("C", ["c1"])])
        let moveIntoInserted = BatchUpdate(
            sectionInserts: [1],
            itemMoves: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))])
        #expect(rule(of: moveIntoInserted, to: withD) == "R6", "item moved into an inserted section")
        #expect(
            rule(of: BatchUpdate(sectionDeletes: [1], sectionInserts: [0], sectionMoves: [SectionMove(from: 1, to: 0)]))
                == "R6")
    }

    @Test func r7ItemOperationsInsideAMovedSection() throws {
        let moved = try snapshot([("C", ["c1", "y"]), ("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"])])
        let update = BatchUpdate(
            sectionMoves: [SectionMove(from: 2, to: 0)], itemInserts: [ItemPath(section: 0, item: 1)])
        #expect(rule(of: update, to: moved) == "R7")
    }

    @Test func r8NoOpSectionMove() {
        #expect(rule(of: BatchUpdate(sectionMoves: [SectionMove(from: 1, to: 1)]), to: old) == "R8")
    }

    @Test func r9SectionCount() throws {
        let fewer = try snapshot([("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"])])
        #expect(rule(of: BatchUpdate(), to: fewer) == "R9")
    }

    @Test func r10ItemCount() {
        #expect(rule(of: BatchUpdate(itemInserts: [ItemPath(section: 0, item: 2)])) == "R10")
    }

    @Test func r11RightCountsWrongOrder() {
        // Replacing a3 balances the counts, but a1 and a2 are left in the old order.
        let update = BatchUpdate(
            itemDeletes: [ItemPath(section: 0, item: 2)], itemInserts: [ItemPath(section: 0, item: 2)])
        #expect(rule(of: update) == "R11")
    }

    @Test func verifyRequiresContentUpdates() throws {
        var changed = old
        try changed.setContent(5, ofItem: "b1")
        #expect(throws: BatchUpdateViolation.self) {
            try BatchUpdateSimulator.verify(stages: [], updates: ContentUpdates(), from: old, to: changed)
        }
        try BatchUpdateSimulator.verify(
            stages: [], updates: ContentUpdates(itemReconfigures: [ItemPath(section: 1, item: 0)]), from: old,
            to: changed)
    }

    @Test func theMessageUsesUIKitsWords() {
        do {
            _ = try BatchUpdateSimulator.apply(
                BatchUpdate(itemInserts: [ItemPath(section: 0, item: 2)]), to: old, dataSource: new)
            Issue.record("expected a violation")
        } catch {
            #expect(error.message.hasPrefix("Invalid update: invalid number of items in section 0."))
            #expect(error.sections == [0])
        }
    }
}

extension TestSnapshot {
    /// A snapshot that skips the uniqueness check, to feed the simulator broken input.
    init(uncheckedSections sections: [(String, [String])]) {
        self.init(
            uncheckedUniqueSections: ContiguousArray(
                sections.map { Section($0.0, items: ContiguousArray($0.1.map { Item($0) })) }))
    }
}
