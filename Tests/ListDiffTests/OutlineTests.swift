import ListDiff
import ListDiffTestRun
import Testing

typealias TestOutline = Outline<String, Int>
typealias TestOutlineItem = OutlineItem<String, Int>

/// `"A(a1 a2(x)) B"`-style trees: a name, then its children in parentheses; a `+` after a name
/// marks it expanded.
func outline(_ text: String) throws -> TestOutline {
    var spaced = ""
    for character in text {
        if character == "(" || character == ")" { spaced += " \(character) " } else { spaced.append(character) }
    }
    var tokens = spaced.split(separator: " ").map(String.init)[...]
    func items() -> [TestOutlineItem] {
        var result: [TestOutlineItem] = []
        while let token = tokens.first, token != ")" {
            tokens.removeFirst()
            if token == "(" {
                result[result.count - 1].children = items()
                tokens.removeFirst()
                continue
            }
            result.append(
                TestOutlineItem(
                    token.hasSuffix("+") ? String(token.dropLast()) : token, isExpanded: token.hasSuffix("+")))
        }
        return result
    }
    return try TestOutline(roots: items())
}

func rows(_ outline: TestOutline) -> [String] {
    outline.visibleRows.map { String(repeating: ".", count: $0.level) + $0.id }
}

/// The batch changeset from `old`'s visible rows to `new`'s, checked by the simulator.
func outlineDiff(_ old: TestOutline, _ new: TestOutline) throws -> BatchChangeset {
    let before = Snapshot<String, String, OutlineRowContent<Int>>(section: "s", visibleRowsOf: old)
    let after = Snapshot<String, String, OutlineRowContent<Int>>(section: "s", visibleRowsOf: new)
    let diff = try SectionedDiff(from: before, to: after)
    let staged = diff.stagedBatch
    try BatchUpdateSimulator.verify(
        stages: staged.stages.map { ($0.update, $0.result) }, updates: staged.updates, from: before, to: after)
    try SequentialReplayer.replay(diff.sequential, from: before, to: after)
    return staged.changeset
}

func paths(_ items: [Int]) -> [ItemPath] { items.map { ItemPath(section: 0, item: $0) } }

@Suite(.ownThreads) struct OutlineTests {
    @Test func visibleRowsArePreOrderWithoutCollapsedSubtrees() throws {
        let tree = try outline("A+(a1 a2+(x y) a3(z)) B(b1) C")
        #expect(rows(tree) == ["A", ".a1", ".a2", "..x", "..y", ".a3", "B", "C"])
        let a3 = try #require(tree.visibleRows.first { $0.id == "a3" })
        #expect(a3.level == 1 && a3.parent == "A" && a3.hasChildren && !a3.isExpanded)
        #expect(try tree.parent(of: "x") == "a2" && tree.level(of: "z") == 2 && tree.parent(of: "B") == nil)
        #expect(try !tree.isVisible("z") && tree.isVisible("y") && !tree.isVisible("b1"))
        #expect(tree.count == 10 && tree.rootItems == ["A", "B", "C"])
        #expect(try rows(tree.subtree(of: "a2", includingParent: true)) == ["a2", ".x", ".y"])
        #expect(try tree.subtree(of: "a2", includingParent: false).rootItems == ["x", "y"])
    }

    @Test func identifiersAreUniqueAcrossTheTree() throws {
        #expect(throws: OutlineError<String>.duplicateItems(["x"])) { try outline("A(x) B(c(x))") }
        var tree = try outline("A(x) B")
        #expect(throws: OutlineError<String>.duplicateItems(["x"])) { try tree.append([TestOutlineItem("x")], to: "B") }
        #expect(throws: OutlineError<String>.unknownItem("Q")) { try tree.expand(["Q"]) }
        #expect(rows(tree) == ["A", "B"], "a refused operation changes nothing")
        try tree.replaceChildren(of: "A", with: [TestOutlineItem("x", children: [TestOutlineItem("w")])])
        #expect(try tree.parent(of: "w") == "x", "the replaced children's identifiers may come back")
    }

    @Test func expandingInsertsTheRowsThatAppearRightAfterTheParentAndReconfiguresIt() throws {
        let collapsed = try outline("A B(b1 b2(x) b3) C")
        var expanded = collapsed
        try expanded.expand(["B"])
        #expect(rows(expanded) == ["A", "B", ".b1", ".b2", ".b3", "C"])
        let opening = try outlineDiff(collapsed, expanded)
        #expect(opening.stages == [BatchUpdate(itemInserts: paths([2, 3, 4]))])
        #expect(opening.updates == ContentUpdates(itemReconfigures: paths([1])))
        let closing = try outlineDiff(expanded, collapsed)
        #expect(closing.stages == [BatchUpdate(itemDeletes: paths([2, 3, 4]))])
        #expect(closing.updates == ContentUpdates(itemReconfigures: paths([1])))
    }

    @Test func aChildKeepsItsOwnFlagSoReExpandingRestoresTheSubtree() throws {
        var tree = try outline("A+(a1+(x y) a2)")
        let shown = rows(tree)
        try tree.collapse(["A"])
        #expect(rows(tree) == ["A"])
        try tree.expand(["A"])
        #expect(rows(tree) == shown)
    }

    @Test func aLeafGainingItsFirstChildOrLosingItsLastIsReconfigured() throws {
        let leaf = try outline("A B")
        var parent = leaf
        try parent.append([TestOutlineItem("b1")], to: "B")
        let gained = try outlineDiff(leaf, parent)
        #expect(
            gained.stages.allSatisfy { $0.isEmpty } && gained.updates == ContentUpdates(itemReconfigures: paths([1])),
            "B now shows a disclosure; its collapsed child shows no row")
        var open = leaf
        try open.expand(["B"])
        try open.append([TestOutlineItem("b1")], to: "B")
        let shownChild = try outlineDiff(leaf, open)
        #expect(
            shownChild.stages == [BatchUpdate(itemInserts: paths([2]))]
                && shownChild.updates == ContentUpdates(itemReconfigures: paths([1])))
        var emptied = open
        try emptied.delete(["b1"])
        #expect(try outlineDiff(open, emptied).updates == ContentUpdates(itemReconfigures: paths([1])))
    }

    @Test func anItemMovedToAnotherLevelMovesAndIsReconfigured() throws {
        let before = try outline("A+(a1 a2) B")
        var after = before
        try after.delete(["a1"])
        try after.insert([TestOutlineItem("a1")], after: "B")
        #expect(rows(after) == ["A", ".a2", "B", "a1"])
        let moved = try outlineDiff(before, after)
        #expect(
            moved.stages == [
                BatchUpdate(itemMoves: [
                    ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 3))
                ])
            ])
        #expect(moved.updates == ContentUpdates(itemReconfigures: paths([3])), "its level changed")
    }

    @Test func changesUnderACollapsedItemMakeNoRowChanges() throws {
        let before = try outline("A(a1(x) a2) B")
        var after = before
        try after.delete(["x"])
        try after.append([TestOutlineItem("a3")], to: "A")
        try after.expand(["a2"])
        let diff = try outlineDiff(before, after)
        #expect(diff.stages.allSatisfy { $0.isEmpty } && diff.updates.isEmpty)
        #expect(try after.parent(of: "a3") == "A", "but the outline holds them")
    }

    /// docs/engine.md's example, as written there.
    @Test func theReadmeExample() throws {
        let folders = try Outline<String, Int>(roots: [
            OutlineItem("Inbox"), OutlineItem("Projects", children: [OutlineItem("ListDiff")])
        ])
        var open = folders
        try open.expand(["Projects"])
        typealias Rows = Snapshot<String, String, OutlineRowContent<Int>>
        let diff = try SectionedDiff(
            from: Rows(section: "folders", visibleRowsOf: folders), to: Rows(section: "folders", visibleRowsOf: open))
        #expect(diff.batch.stages == [BatchUpdate(itemInserts: paths([2]))])
        #expect(diff.batch.updates == ContentUpdates(itemReconfigures: paths([1])))
    }

    @Test func deletingTakesDescendantsAlongAndInsertingPlacesSiblings() throws {
        var tree = try outline("A+(a1+(x) a2) B")
        try tree.delete(["a1", "x", "a1"])
        #expect(rows(tree) == ["A", ".a2", "B"] && !tree.contains("x"))
        try tree.insert([TestOutlineItem("n1"), TestOutlineItem("n2")], before: "a2")
        try tree.insert([TestOutlineItem("n3")], after: "B")
        #expect(rows(tree) == ["A", ".n1", ".n2", ".a2", "B", "n3"])
        try tree.delete(["A"])
        #expect(rows(tree) == ["B", "n3"] && tree.count == 2)
    }
}
