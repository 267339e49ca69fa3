import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

/// The client's side of the wire: answers with fresh `values` let the old list become the
/// new one; either form of path is read as written; operations round-trip.
@Suite(.ownThreads) struct ChangesDocumentTests {
    static let seeds: [UInt64] = Array(1...60)

    /// What the service writes for a change with `include=values`.
    func answer(_ diff: WireDiff, flat: Bool) -> [UInt8] {
        let changeset = WireChangeset(diff, sequential: false)
        return written(
            WireEncoder.changes(
                from: "e.1", to: "e.2", digest: SnapshotDigest.digest(of: diff.new), changeset: changeset,
                fresh: changeset.freshElements(in: diff.new), rows: diff.new, flat: flat))
    }

    @Test(arguments: seeds) func anAnswerWithValuesTurnsTheOldListIntoTheNewOne(seed: UInt64) throws {
        var random = WireRandom(seed: seed)
        let flat = seed % 3 == 0
        let sections = random.idPool(5)
        let items = random.idPool(30)
        let old = random.snapshot(sectionPool: sections, itemPool: items, flat: flat).clearingMarks()
        let new = random.snapshot(sectionPool: sections, itemPool: items, flat: flat)
        let diff = try WireDiff(from: old, to: new)
        let bytes = answer(diff, flat: flat)
        let document = try WireDecoder.changes(bytes, sequential: false)
        guard case .changes(let from, .batch(let batch), let fresh?) = document.body else {
            Issue.record("seed \(seed): not a batch answer with values")
            return
        }
        #expect(from == "e.1" && document.to == "e.2")
        var state = old
        for (index, stage) in batch.changeset.stages.enumerated() {
            if index < batch.intermediateSnapshots.count {
                state = try BatchUpdateSimulator.apply(stage, to: state, dataSource: batch.intermediateSnapshots[index])
            } else {
                state = try BatchUpdateSimulator.apply(stage, to: state, fresh: fresh)
            }
        }
        state = try BatchUpdateSimulator.applyUpdates(batch.changeset.updates, to: state, fresh: fresh)
        #expect(state == new.clearingMarks(), "seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
        #expect(SnapshotDigest.digest(of: state) == document.digest, "seed \(seed)")
    }

    @Test(arguments: seeds) func eitherFormIsReadAsWritten(seed: UInt64) throws {
        var random = WireRandom(seed: seed)
        let flat = seed % 2 == 0
        let items = random.idPool(20)
        let diff = try WireDiff(
            from: random.snapshot(sectionPool: random.idPool(4), itemPool: items, flat: flat),
            to: random.snapshot(sectionPool: random.idPool(4), itemPool: items, flat: flat))
        let batch = written(WireEncoder.changeset(WireChangeset(diff, sequential: false), flat: flat))
        #expect(
            try WireDecoder.batchChangeset(batch, flat: nil).changeset
                == WireDecoder.batchChangeset(batch, flat: flat).changeset, "seed \(seed)")
        let sequential = written(WireEncoder.sequentialChangeset(diff.sequential, flat: flat))
        #expect(
            try WireDecoder.sequentialChangeset(sequential, flat: nil)
                == WireDecoder.sequentialChangeset(sequential, flat: flat), "seed \(seed)")
    }

    @Test func aResetAndAVersionedSnapshotAreRead() throws {
        let reset = try WireDecoder.changes(
            Array(#"{"reset":true,"to":"e.7","digest":"xxh64:00","snapshot":["a","b"]}"#.utf8), sequential: false)
        guard case .reset(let document) = reset.body else {
            Issue.record("not a reset")
            return
        }
        #expect(reset.to == "e.7" && document.isFlat && document.snapshot.itemIdentifiers == ["a", "b"])
        let versioned = try WireDecoder.versionedSnapshot(
            Array(#"{"version":"e.7","digest":"xxh64:00","snapshot":{"sections":[{"id":"s","items":["a"]}]}}"#.utf8))
        #expect(
            versioned.version == "e.7" && !versioned.document.isFlat
                && versioned.document.snapshot.sectionIdentifiers == ["s"])
        #expect(throws: JSONReadError.self) {
            try WireDecoder.changes(Array(#"{"reset":true,"to":"e.7","digest":"x"}"#.utf8), sequential: false)
        }
        #expect(throws: JSONReadError.self) {
            try WireDecoder.changes(Array(#"{"from":"e.1","to":"e.7","digest":"x"}"#.utf8), sequential: false)
        }
    }

    @Test func operationsRoundTrip() throws {
        let section = WireSnapshot.Section(
            "s", content: try WireContent(json: #"{"t":1}"#), items: [WireSnapshot.Item("x")])
        let item = WireSnapshot.Item("y", content: try WireContent(json: "[1,2]"))
        let engine: [WireSnapshotOperation] = [
            .appendSections([section]), .insertSectionsBefore([section], "a"), .insertSectionsAfter([section], "a"),
            .deleteSections(["a"]), .moveSectionBefore("a", "b"), .moveSectionAfter("a", "b"), .reloadSections(["a"]),
            .appendItems([item], toSection: nil), .appendItems([item], toSection: "s"), .insertItemsBefore([item], "x"),
            .insertItemsAfter([item], "x"), .deleteItems(["x"]), .deleteAllItems, .moveItemBefore("x", "z"),
            .moveItemAfter("x", "z"), .reloadItems(["x"]), .reconfigureItems(["x"])
        ]
        let tree = try WireDecoder.operations(
            Array(#"{"operations":[{"op":"appendItems","items":[{"id":"t","children":["u"]}],"section":"s"}]}"#.utf8))
        let operations =
            engine.map(WireOperation.snapshot) + tree + [
                .appendChildren([item], parent: "x"), .replaceChildren(of: "x", with: [item]), .expand(["x"]),
                .collapse(["x"])
            ]
        let bytes = written(WireEncoder.operations(operations))
        let decoded = try WireDecoder.operations(bytes)
        #expect(decoded.count == operations.count)
        #expect(written(WireEncoder.operations(decoded)) == bytes, "\(String(decoding: bytes, as: UTF8.self))")
    }
}
