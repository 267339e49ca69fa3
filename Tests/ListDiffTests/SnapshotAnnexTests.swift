import ListDiff
import ListDiffTestRun
import Testing

/// A snapshot's section index, item map and marks live in one box that copies share until one
/// of them changes (`_SnapshotAnnex`): every change must reach only the snapshot it is made on.
@Suite(.ownThreads) struct SnapshotAnnexTests {
    @Test func marksMadeOnACopyStayOnTheCopy() throws {
        let original = try snapshot([("A", ["a1", "a2"]), ("B", ["b1"])])
        var copy = original
        try copy.reloadItems(["a1"])
        try copy.reconfigureItems(["b1"])
        try copy.reloadSections(["B"])
        #expect(original.reloadedItems.isEmpty && original.reconfiguredItems.isEmpty)
        #expect(original.reloadedSections.isEmpty)
        #expect(copy.reloadedItems == ["a1"] && copy.reconfiguredItems == ["b1"] && copy.reloadedSections == ["B"])

        // Marked first, then copied: the copy's changes do not reach the original either.
        var second = copy
        try second.deleteItems(["a1"])
        try second.deleteSections(["B"])
        #expect(copy.reloadedItems == ["a1"] && copy.reconfiguredItems == ["b1"] && copy.reloadedSections == ["B"])
        #expect(second.reloadedItems.isEmpty && second.reconfiguredItems.isEmpty && second.reloadedSections.isEmpty)
    }

    @Test func aCopysSectionIndexFollowsItsOwnSections() throws {
        // More sections than are found by scanning: the index is built and shared by copies.
        let sections = (0..<12).map { ("S\($0)", ["i\($0)"]) }
        let original = try snapshot(sections)
        var copy = original
        try copy.moveSection("S11", beforeSection: "S0")
        try copy.deleteSections(["S5"])
        #expect(copy.indexOfSection("S11") == 0)
        #expect(copy.indexOfSection("S0") == 1)
        #expect(copy.indexOfSection("S5") == nil)
        #expect(original.indexOfSection("S11") == 11)
        #expect(original.indexOfSection("S5") == 5)
        #expect(original.indexOfSection("S0") == 0)
    }

    @Test func aCopysItemMapFollowsItsOwnItems() throws {
        let original = try snapshot([("A", ["a1", "a2"]), ("B", ["b1"])])
        var copy = original
        try copy.moveItem("a1", afterItem: "b1")
        try copy.deleteItems(["a2"])
        try copy.appendItems([TestSnapshot.Item("a2")], toSection: "B")
        #expect(copy.sectionIdentifier(containingItem: "a1") == "B")
        #expect(copy.sectionIdentifier(containingItem: "a2") == "B")
        #expect(original.sectionIdentifier(containingItem: "a1") == "A")
        #expect(original.sectionIdentifier(containingItem: "a2") == "A")
        #expect(layout(original) == ["A:a1,a2", "B:b1"])
        #expect(layout(copy) == ["A:", "B:b1,a1,a2"])
    }

    @Test func anEmptySnapshotLocatesItemsOnceTheyArrive() throws {
        var empty = TestSnapshot()
        try empty.appendSections([TestSnapshot.Section("A")])
        try empty.appendItems([TestSnapshot.Item("a1")])
        #expect(empty.sectionIdentifier(containingItem: "a1") == "A")
        #expect(empty.indexPathOfItem("a1") == ItemPath(section: 0, item: 0))
        try empty.reloadItems(["a1"])
        #expect(empty.reloadedItems == ["a1"])
    }
}
