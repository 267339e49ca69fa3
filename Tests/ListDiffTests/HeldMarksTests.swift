@_spi(Unchecked) import ListDiff
import ListDiffTestRun
import Testing

/// Marks gathered from other versions go onto a snapshot only where it holds the element, and
/// the diff reports each marked item once: a reload wins, content changed as well adds no
/// second update, and an inserted item is an insert whatever its marks.
@Suite(.ownThreads) struct HeldMarksTests {
    @Test func onlyHeldElementsKeepTheirMarksAndAReloadWins() throws {
        let base = try snapshot([("A", ["a", "b", "c"]), ("B", ["d"])])
        var marked = try snapshot([("A", ["a", "b", "c"]), ("B", ["d"])])
        try marked.reconfigureItems(["a"])
        let result = marked.addingHeldMarks(
            reloading: ["a", "b", "gone"], reconfiguring: ["b", "c", "gone too"], reloadingSections: ["B", "Z"])
        #expect(
            result.reloadedItems == ["a", "b"] && result.reconfiguredItems == ["c"] && result.reloadedSections == ["B"])
        #expect(result == marked, "marks are not elements")
        let updates = try SectionedDiff(from: base, to: result).batch.updates
        #expect(
            updates
                == ContentUpdates(
                    sectionReloads: [1], itemReloads: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)],
                    itemReconfigures: [ItemPath(section: 0, item: 2)]))
        let none = base.addingHeldMarks(reloading: [], reconfiguring: [], reloadingSections: [])
        #expect(none.reloadedItems.isEmpty && none.reconfiguredItems.isEmpty && none.reloadedSections.isEmpty)
    }

    @Test func aMarkedItemWhoseContentChangedIsOneUpdateAndAMarkedInsertNone() throws {
        var old = try snapshot([("A", ["a", "b", "c"])])
        for id in ["a", "b", "c"] { try old.setContent(1, ofItem: id) }
        var new = try snapshot([("A", ["a", "b", "c", "x"])])
        for id in ["a", "b", "c"] { try new.setContent(2, ofItem: id) }
        try new.reloadItems(["a", "x"])
        try new.reconfigureItems(["b", "x"])
        let updates = try SectionedDiff(from: old, to: new).batch.updates
        #expect(
            updates
                == ContentUpdates(
                    itemReloads: [ItemPath(section: 0, item: 0)],
                    itemReconfigures: [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)]))
        let reloading = try SectionedDiff(from: old, to: new, options: DiffOptions(contentUpdates: .reload)).batch
            .updates
        #expect(
            reloading
                == ContentUpdates(itemReloads: [
                    ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)
                ]))
    }
}
