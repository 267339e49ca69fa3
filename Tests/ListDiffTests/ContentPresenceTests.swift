import ListDiff
import ListDiffTestRun
import Testing

/// The matcher compares kept items' content only when some item of either side has content
/// (or marks ask): content that appears on, or disappears from, every item of a list is still
/// an update for each kept item, in place or moved.
@Suite(.ownThreads) struct ContentPresenceTests {
    /// `ids` in one section, each with `content` (nil: none).
    static func list(_ ids: [String], content: Int?) throws -> TestSnapshot {
        try TestSnapshot(sections: [
            TestSnapshot.Section("S", items: ContiguousArray(ids.map { TestSnapshot.Item($0, content: content) }))
        ])
    }

    @Test func contentGainedOrLostByEveryItemIsAnUpdateForEachKeptOne() throws {
        let bare = try Self.list(["a", "b", "c"], content: nil)
        let moved = try Self.list(["c", "a", "b", "d"], content: 1)
        let expected = [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 0)]
        // Gained: kept items a, b (in place after c moved) and c (moved) are reconfigured.
        let gained = try SectionedDiff(from: bare, to: moved).batch
        #expect(Set(gained.updates.itemReconfigures) == Set(expected))
        // Lost: the same three, from the other side.
        let lost = try SectionedDiff(from: moved, to: try Self.list(["a", "b", "c"], content: nil)).batch
        #expect(lost.updates.itemReconfigures.count == 3)
        // Unchanged sections (same identifiers in the same order) too.
        let sameOrder = try SectionedDiff(from: bare, to: try Self.list(["a", "b", "c"], content: 7)).batch
        #expect(sameOrder.updates.itemReconfigures.count == 3)
    }

    @Test func identifiersAloneGiveNoUpdatesButMarksStillDo() throws {
        let old = try Self.list(["a", "b", "c"], content: nil)
        var new = try Self.list(["b", "a", "c"], content: nil)
        #expect(try SectionedDiff(from: old, to: new).batch.updates.isEmpty)
        try new.reloadItems(["c"])
        #expect(try SectionedDiff(from: old, to: new).batch.updates.itemReloads == [ItemPath(section: 0, item: 2)])
    }
}
