import ListDiff
import ListDiffTestRun
import Testing

/// The sequential form keeps every kept item's cell: an item leaving a deleted section moves
/// out before the section goes (into a kept section in place, a moved one or an inserted one),
/// and an item bound for an inserted section moves in after it arrives with its fresh items.
@Suite(.ownThreads) struct SequentialKeptItemsTests {
    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    @Test func anItemLeavingADeletedSectionMovesOutBeforeTheSectionGoes() throws {
        // Issue 31's case: a1 was deleted with A and inserted into B, losing its cell.
        let old = try snapshot([("A", ["a1", "a2"]), ("B", ["b1"])])
        let new = try snapshot([("B", ["b1", "a1"])])
        let sequential = try SectionedDiff(from: old, to: new).sequential
        #expect(
            sequential.operations == [
                .moveItem(from: Self.path(0, 0), to: Self.path(1, 1)), .deleteSections(at: 0, count: 1)
            ], "a2 goes with A")
        try SequentialReplayer.replay(sequential, from: old, to: new)
    }

    @Test func anItemLeavingADeletedSectionForAMovedOneFollowsTheMove() throws {
        // D moves to the front past A, which stays until a1 has left it for D.
        let old = try snapshot([("A", ["a1"]), ("B", ["b1"]), ("C", ["c1"]), ("D", ["d1"])])
        let new = try snapshot([("D", ["d1", "a1"]), ("B", ["b1"]), ("C", ["c1"])])
        let sequential = try SectionedDiff(from: old, to: new).sequential
        #expect(
            sequential.operations == [
                .moveSection(from: 3, to: 0), .moveItem(from: Self.path(1, 0), to: Self.path(0, 1)),
                .deleteSections(at: 1, count: 1)
            ])
        try SequentialReplayer.replay(sequential, from: old, to: new)
    }

    @Test func itemsLeavingADeletedSectionForAKeptAndAnInsertedOne() throws {
        // N arrives with n1 alone, before B (which stays until b1 and b2 have left).
        let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"])])
        let new = try snapshot([("A", ["a1", "b1"]), ("N", ["b2", "n1"])])
        let sequential = try SectionedDiff(from: old, to: new).sequential
        #expect(
            sequential.operations == [
                .insertSections(at: 1, count: 1),
                .moveItem(from: Self.path(2, 0), to: Self.path(0, 1)),
                .moveItem(from: Self.path(2, 0), to: Self.path(1, 0)),
                .deleteSections(at: 2, count: 1)
            ])
        try SequentialReplayer.replay(sequential, from: old, to: new)
    }

    @Test func anItemOfAKeptSectionMovesIntoAnInsertedOne() throws {
        // It was deleted from A and arrived with N, losing its cell.
        let old = try snapshot([("A", ["a1", "a2"])])
        let new = try snapshot([("A", ["a2"]), ("N", ["a1", "n1"])])
        let sequential = try SectionedDiff(from: old, to: new).sequential
        #expect(
            sequential.operations == [
                .insertSections(at: 1, count: 1), .moveItem(from: Self.path(0, 0), to: Self.path(1, 0))
            ])
        try SequentialReplayer.replay(sequential, from: old, to: new)
    }

    @Test func aCarriedItemWhoseContentChangedIsUpdatedAfterItsMove() throws {
        let old = try TestSnapshot(sections: [
            .init("A", items: [.init("a1", content: 1)]), .init("B", items: [.init("b1")])
        ])
        let new = try TestSnapshot(sections: [
            .init("B", items: [.init("b1"), .init("a1", content: 2)]), .init("N", items: [.init("n1")])
        ])
        let reconfigured = try SectionedDiff(from: old, to: new).sequential
        // N is inserted while A still stands before B; updates are in final coordinates.
        #expect(
            reconfigured.operations == [
                .insertSections(at: 2, count: 1), .moveItem(from: Self.path(0, 0), to: Self.path(1, 1)),
                .deleteSections(at: 0, count: 1),
                .reconfigureItems(section: 0, at: 1, count: 1)
            ])
        try SequentialReplayer.replay(reconfigured, from: old, to: new)
        let reloaded = try SectionedDiff(from: old, to: new, options: DiffOptions(contentUpdates: .reload)).sequential
        #expect(reloaded.operations.last == .reloadItems(section: 0, at: 1, count: 1))
        try SequentialReplayer.replay(reloaded, from: old, to: new)
    }

    @Test func theReplayerFillsAnInsertedSectionWithItsFreshItemsOnly() throws {
        let old = try snapshot([("A", ["a1", "a2"])])
        let new = try snapshot([("A", ["a2"]), ("N", ["a1", "n1"])])
        // a1 deleted and brought by N: N arrives with n1 only, so it ends one item short.
        let reinserted = SequentialChangeset(operations: [
            .deleteItems(section: 0, at: 0, count: 1), .insertSections(at: 1, count: 1)
        ])
        #expect(
            Self.failure(replaying: reinserted, from: old, to: new) == "section 1 ends with 1 items, the target has 2")
        // Moved in behind n1, it stands in the wrong place.
        let misplaced = SequentialChangeset(operations: [
            .insertSections(at: 1, count: 1), .moveItem(from: Self.path(0, 0), to: Self.path(1, 1))
        ])
        #expect(
            Self.failure(replaying: misplaced, from: old, to: new)
                == #"at [1, 0] the replay has "n1", the target has "a1""#)
    }

    static func failure(replaying changeset: SequentialChangeset, from old: TestSnapshot, to new: TestSnapshot)
        -> String?
    {
        do {
            try SequentialReplayer.replay(changeset, from: old, to: new)
            return nil
        } catch {
            return error.description
        }
    }
}
