import ListDiff
import ListDiffTestRun
import Testing

typealias TestSnapshot = Snapshot<String, String, Int>

/// Builds a snapshot from `[("A", ["a1", "a2"]), ...]`.
func snapshot(_ sections: [(String, [String])]) throws -> TestSnapshot {
    try TestSnapshot(
        sections: sections.map {
            TestSnapshot.Section($0.0, items: ContiguousArray($0.1.map { TestSnapshot.Item($0) }))
        })
}

func layout(_ snapshot: TestSnapshot) -> [String] {
    snapshot.sections.map { "\($0.id):" + $0.items.map(\.id).joined(separator: ",") }
}

@Suite(.ownThreads) struct SnapshotTests {
    @Test func buildingRejectsDuplicateIdentifiers() throws {
        #expect(throws: SnapshotError<String, String>.duplicateItems(["a"])) {
            try snapshot([("A", ["a", "b"]), ("B", ["a"])])
        }
        #expect(throws: SnapshotError<String, String>.duplicateSections(["A"])) { try snapshot([("A", []), ("A", [])]) }
        let error = SnapshotError<String, String>.duplicateItems(["a"])
        #expect(error.description == #"item identifiers are not unique across the snapshot; duplicated: "a""#)
    }

    @Test func queries() throws {
        let s = try snapshot([("A", ["a1", "a2"]), ("B", ["b1"])])
        #expect(s.numberOfSections == 2)
        #expect(s.numberOfItems == 3)
        #expect(try s.numberOfItems(inSection: "A") == 2)
        #expect(s.sectionIdentifiers == ["A", "B"])
        #expect(s.itemIdentifiers == ["a1", "a2", "b1"])
        #expect(try s.itemIdentifiers(inSection: "B") == ["b1"])
        #expect(s.indexOfSection("B") == 1)
        #expect(s.indexOfItem("b1") == 2)
        #expect(s.indexPathOfItem("a2") == ItemPath(section: 0, item: 1))
        #expect(s.sectionIdentifier(containingItem: "b1") == "B")
        #expect(s.indexOfItem("zz") == nil)
        #expect(throws: SnapshotError<String, String>.unknownSection("Z")) { try s.numberOfItems(inSection: "Z") }
    }

    @Test func sectionOperations() throws {
        var s = try snapshot([("A", ["a1"]), ("B", [])])
        try s.appendSections([TestSnapshot.Section("C")])
        try s.insertSections([TestSnapshot.Section("X")], beforeSection: "A")
        try s.insertSections([TestSnapshot.Section("Y")], afterSection: "B")
        #expect(s.sectionIdentifiers == ["X", "A", "B", "Y", "C"])
        try s.moveSection("X", afterSection: "C")
        try s.moveSection("Y", beforeSection: "A")
        #expect(s.sectionIdentifiers == ["Y", "A", "B", "C", "X"])
        try s.deleteSections(["A", "C"])
        #expect(s.sectionIdentifiers == ["Y", "B", "X"])
        #expect(s.indexOfItem("a1") == nil)
        try s.appendItems([TestSnapshot.Item("a1")], toSection: "B")
        #expect(s.indexPathOfItem("a1") == ItemPath(section: 1, item: 0))
        try s.reloadSections(["B"])
        #expect(s.reloadedSections == ["B"])
    }

    @Test func sectionOperationErrorsLeaveTheSnapshotUnchanged() throws {
        var s = try snapshot([("A", ["a1"]), ("B", [])])
        let before = s
        #expect(throws: SnapshotError<String, String>.duplicateSections(["A"])) {
            try s.appendSections([TestSnapshot.Section("A")])
        }
        #expect(throws: SnapshotError<String, String>.duplicateItems(["a1"])) {
            try s.appendSections([TestSnapshot.Section("C", items: [TestSnapshot.Item("a1")])])
        }
        #expect(throws: SnapshotError<String, String>.unknownSection("Z")) {
            try s.insertSections([TestSnapshot.Section("C")], beforeSection: "Z")
        }
        #expect(throws: SnapshotError<String, String>.unknownSection("Z")) { try s.deleteSections(["A", "Z"]) }
        #expect(throws: SnapshotError<String, String>.sectionRelativeToItself("A")) {
            try s.moveSection("A", beforeSection: "A")
        }
        #expect(throws: SnapshotError<String, String>.unknownSection("Z")) { try s.reloadSections(["Z"]) }
        #expect(s == before)
    }

    @Test func itemOperations() throws {
        var s = try snapshot([("A", ["a1", "a2"]), ("B", ["b1"])])
        try s.appendItems([TestSnapshot.Item("b2", content: 7)])
        try s.insertItems([TestSnapshot.Item("a0")], beforeItem: "a1")
        try s.insertItems([TestSnapshot.Item("a3")], afterItem: "a2")
        #expect(layout(s) == ["A:a0,a1,a2,a3", "B:b1,b2"])
        try s.moveItem("a0", afterItem: "b2")
        try s.moveItem("b1", beforeItem: "a1")
        #expect(layout(s) == ["A:b1,a1,a2,a3", "B:b2,a0"])
        #expect(s.sectionIdentifier(containingItem: "a0") == "B")
        try s.deleteItems(["a2", "b2"])
        #expect(layout(s) == ["A:b1,a1,a3", "B:a0"])
        try s.reloadItems(["a1"])
        try s.reconfigureItems(["a3"])
        #expect(s.reloadedItems == ["a1"] && s.reconfiguredItems == ["a3"])
        try s.setContent(9, ofItem: "a3")
        #expect(s.item("a3")?.content == 9)
        try s.deleteItems(["a1"])
        #expect(s.reloadedItems.isEmpty, "deleting an item drops its marks")
        s.deleteAllItems()
        #expect(layout(s) == ["A:", "B:"])
        #expect(s.clearingMarks().reconfiguredItems.isEmpty)
    }

    @Test func itemOperationErrorsLeaveTheSnapshotUnchanged() throws {
        var s = try snapshot([("A", ["a1", "a2"])])
        let before = s
        #expect(throws: SnapshotError<String, String>.duplicateItems(["a1"])) {
            try s.appendItems([TestSnapshot.Item("a1")])
        }
        #expect(throws: SnapshotError<String, String>.duplicateItems(["x"])) {
            try s.appendItems([TestSnapshot.Item("x"), TestSnapshot.Item("x")])
        }
        #expect(throws: SnapshotError<String, String>.unknownItem("zz")) {
            try s.insertItems([TestSnapshot.Item("x")], afterItem: "zz")
        }
        #expect(throws: SnapshotError<String, String>.itemRelativeToItself("a1")) {
            try s.insertItems([TestSnapshot.Item("a1")], beforeItem: "a1")
        }
        #expect(throws: SnapshotError<String, String>.unknownItem("zz")) { try s.deleteItems(["a1", "zz"]) }
        #expect(throws: SnapshotError<String, String>.itemRelativeToItself("a1")) {
            try s.moveItem("a1", afterItem: "a1")
        }
        #expect(throws: SnapshotError<String, String>.unknownItem("zz")) { try s.moveItem("zz", afterItem: "a1") }
        #expect(throws: SnapshotError<String, String>.unknownItem("zz")) { try s.reloadItems(["zz"]) }
        #expect(throws: SnapshotError<String, String>.unknownItem("zz")) { try s.reconfigureItems(["zz"]) }
        #expect(throws: SnapshotError<String, String>.unknownSection("Z")) {
            try s.appendItems([TestSnapshot.Item("x")], toSection: "Z")
        }
        #expect(s == before)
        var empty = TestSnapshot()
        #expect(throws: SnapshotError<String, String>.noSections) { try empty.appendItems([TestSnapshot.Item("x")]) }
    }

    @Test func operationListsApplyAllOrNothing() throws {
        let s = try snapshot([("A", ["a1"])])
        let applied = try s.applying([
            .appendSections([TestSnapshot.Section("B")]), .appendItems([TestSnapshot.Item("b1")], toSection: "B"),
            .moveItemBefore("b1", "a1")
        ])
        #expect(layout(applied) == ["A:b1,a1", "B:"])
        #expect(throws: SnapshotOperationError<String, String>(index: 1, reason: .unknownItem("nope"))) {
            try s.applying([.deleteItems(["a1"]), .deleteItems(["nope"])])
        }
        #expect(layout(s) == ["A:a1"])
    }

    @Test func equalityComparesContentButNotMarks() throws {
        var left = try snapshot([("A", ["a1"])])
        var right = left
        try right.reloadItems(["a1"])
        #expect(left == right)
        try left.setContent(1, ofItem: "a1")
        #expect(left != right)
    }
}
