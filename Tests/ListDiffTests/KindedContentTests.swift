import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// Content naming the kind of cell (as the wire's `kind`): a change of kind needs a new cell.
struct Cell: KindedContent, Sendable {
    var text: Int
    var cellKind: String?
}

typealias CellSnapshot = Snapshot<String, String, Cell>

func cells(_ sections: [(String, [(String, Cell?)])]) throws -> CellSnapshot {
    try CellSnapshot(
        sections: sections.map { section in
            CellSnapshot.Section(
                section.0, items: ContiguousArray(section.1.map { CellSnapshot.Item($0.0, content: $0.1) }))
        })
}

/// A kept item whose kind changes is a reload, whatever `contentUpdates` says: a reconfigured
/// cell would be of the wrong kind. A content change of the same kind stays a reconfigure.
@Suite(.ownThreads) struct KindedContentTests {
    let photo = Cell(text: 1, cellKind: "photo")
    let text = Cell(text: 1, cellKind: "text")

    @Test func aKindChangeIsAReloadAndAContentChangeOfTheSameKindAReconfigure() throws {
        let old = try cells([("A", [("a", photo), ("b", photo), ("c", nil), ("d", Cell(text: 1))])])
        let new = try cells([
            (
                "A",
                [
                    ("a", text), ("b", Cell(text: 2, cellKind: "photo")), ("c", Cell(text: 0, cellKind: "photo")),
                    ("d", Cell(text: 1))
                ]
            )
        ])
        let diff = try SectionedDiff(from: old, to: new)
        #expect(
            diff.batch.updates
                == ContentUpdates(
                    itemReloads: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 2)],
                    itemReconfigures: [ItemPath(section: 0, item: 1)]))
        #expect(
            diff.sequential.operations == [
                .reloadItems(section: 0, at: 0, count: 1), .reloadItems(section: 0, at: 2, count: 1),
                .reconfigureItems(section: 0, at: 1, count: 1)
            ])
    }

    @Test func aMovedItemWhoseKindChangedMovesAndIsReloadedAfterTheBatch() throws {
        let old = try cells([("A", [("a", photo), ("b", nil), ("c", nil)])])
        let new = try cells([("A", [("b", nil), ("c", nil), ("a", text)])])
        let batch = try SectionedDiff(from: old, to: new).batch
        #expect(
            batch.stages == [
                BatchUpdate(itemMoves: [
                    ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
                ])
            ])
        #expect(batch.updates == ContentUpdates(itemReloads: [ItemPath(section: 0, item: 2)]))
    }

    @Test func anItemCarriedOutOfADeletedSectionIsReloadedWhenItsKindChanged() throws {
        let old = try cells([("A", [("a", nil)]), ("B", [("b", photo), ("c", nil)])])
        let new = try cells([("A", [("a", nil), ("b", text)])])
        let diff = try SectionedDiff(from: old, to: new)
        #expect(diff.batchStages.count == 2)
        #expect(diff.batch.updates == ContentUpdates(itemReloads: [ItemPath(section: 0, item: 1)]))
    }

    /// Seeded random pairs with kinds: every changeset valid, and every kept item updated
    /// exactly as its kind and content say.
    @Test func randomPairsReloadExactlyTheItemsWhoseKindChanged() throws {
        let kinds: [String?] = [nil, "photo", "text"]
        func withKinds(_ source: RandomSnapshotPair.Source, salt: Int) throws -> Snapshot<Int, Int, Cell> {
            try Snapshot(
                sections: source.sections.map { section in
                    Snapshot<Int, Int, Cell>.Section(
                        section.id,
                        items: ContiguousArray(
                            section.items.map { item in
                                .init(
                                    item.id,
                                    content: item.content.map {
                                        Cell(text: $0 / 2, cellKind: kinds[($0 &+ (item.id % 5 == 0 ? salt : 0)) % 3])
                                    })
                            }))
                })
        }
        var reloads = 0
        for seed in (0..<UInt64(2_000)).map({ $0 &* 0x9E37_79B9 &+ 5 }) {
            let pair = RandomSnapshotPair(seed: seed)
            let old = try withKinds(pair.old, salt: 0)
            let new = try withKinds(pair.new, salt: 1)
            let style: DiffOptions.ContentUpdateStyle = seed % 3 == 0 ? .reload : .reconfigure
            let diff = try SectionedDiff(from: old, to: new, options: DiffOptions(contentUpdates: style))
            let staged = diff.stagedBatch
            try BatchUpdateSimulator.verify(
                stages: staged.stages.map { ($0.update, $0.result) }, updates: staged.updates, from: old, to: new)
            try SequentialReplayer.replay(diff.sequential, from: old, to: new)
            let oldContent = Dictionary(uniqueKeysWithValues: old.sections.flatMap(\.items).map { ($0.id, $0.content) })
            let newSectionIDs = Set(new.sections.map(\.id))
            let reloaded = Set(staged.updates.itemReloads)
            let reconfigured = Set(staged.updates.itemReconfigures)
            let sectionReloads = Set(staged.updates.sectionReloads)
            for (s, section) in new.sections.enumerated()
            where !sectionReloads.contains(s) && old.sections.contains(where: { $0.id == section.id })
                && newSectionIDs.contains(section.id)
            {
                for (i, item) in section.items.enumerated() {
                    guard let previous = oldContent[item.id] else { continue }
                    let path = ItemPath(section: s, item: i)
                    if previous?.cellKind != item.content?.cellKind {
                        reloads += 1
                        #expect(reloaded.contains(path), "seed \(seed): \(item.id) changed kind and is not reloaded")
                    } else if previous != item.content, style == .reconfigure, !new.reloadedItems.contains(item.id) {
                        #expect(
                            reconfigured.contains(path) && !reloaded.contains(path),
                            "seed \(seed): \(item.id) changed content, not kind")
                    }
                }
            }
        }
        #expect(reloads > 100, "the generator must change kinds")
    }
}
