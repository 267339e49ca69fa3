import ListDiff
import ListDiffTestRun
import ListDiffWire
import Testing

@Suite(.ownThreads) struct WireRoundTripTests {
    static let seeds: [UInt64] = Array(1...60)

    func sameMarks(_ a: WireSnapshot, _ b: WireSnapshot) -> Bool {
        a.reloadedItems == b.reloadedItems && a.reconfiguredItems == b.reconfiguredItems
            && a.reloadedSections == b.reloadedSections
    }

    @Test(arguments: seeds) func snapshotsRoundTrip(seed: UInt64) throws {
        var random = WireRandom(seed: seed)
        let flat = seed % 3 == 0
        let snapshot = random.snapshot(sectionPool: random.idPool(6), itemPool: random.idPool(40), flat: flat)
        let bytes = written(WireEncoder.snapshot(snapshot, flat: flat))
        let decoded = try WireDecoder.snapshot(bytes)
        #expect(decoded.snapshot == snapshot, "seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
        #expect(sameMarks(decoded.snapshot, snapshot), "seed \(seed)")
        #expect(decoded.isFlat == flat, "seed \(seed)")
        #expect(written(WireEncoder.snapshot(decoded.snapshot, flat: flat)) == bytes, "seed \(seed)")
    }

    @Test(arguments: seeds) func changesetsRoundTripAndDecodedRequestsDiffAlike(seed: UInt64) throws {
        var random = WireRandom(seed: seed)
        let flat = seed % 3 == 0
        let sections = random.idPool(5)
        let items = random.idPool(30)
        let old = random.snapshot(sectionPool: sections, itemPool: items, flat: flat)
        let new = random.snapshot(sectionPool: sections, itemPool: items, flat: flat)
        let request = written(
            WireEncoder.diffRequest(
                old: WireSnapshotDocument(snapshot: old, isFlat: flat),
                new: WireSnapshotDocument(snapshot: new, isFlat: flat)))
        let decoded = try WireDecoder.diffRequest(request)
        #expect(decoded.isFlat == flat)
        // Numbered from 4 KiB on: the same request padded with whitespace.
        let numbered = try WireDecoder.diffRequest(request + Array(repeating: UInt8(ascii: " "), count: 4 << 10))
        let engine = try WireDiff(from: old, to: new)
        let wire = try WireDiff(from: decoded.old, to: decoded.new)
        #expect(wire.batch == engine.batch, "seed \(seed)")
        #expect(wire.sequential == engine.sequential, "seed \(seed)")
        // The decoder's codes: one an item, the same for the same identifier on either side and
        // only for it; the diff that matches by them is the same diff.
        let codes = try #require(numbered.itemCodes, "seed \(seed)")
        let ids = numbered.old.itemIdentifiers + numbered.new.itemIdentifiers
        let pairs = zip(codes.old + codes.new, ids)
        #expect(codes.old.count == numbered.old.numberOfItems && codes.new.count == numbered.new.numberOfItems)
        #expect(pairs.allSatisfy { Int($0.0) < codes.count }, "seed \(seed)")
        #expect(Dictionary(pairs.map { ($0.0, [$0.1]) }, uniquingKeysWith: +).values.allSatisfy { Set($0).count == 1 })
        #expect(Dictionary(pairs.map { ($0.1, [$0.0]) }, uniquingKeysWith: +).values.allSatisfy { Set($0).count == 1 })
        let coded = try WireDiff(from: numbered.old, to: numbered.new, codes: codes)
        #expect(coded.batch == engine.batch, "seed \(seed)")
        #expect(coded.sequential == engine.sequential, "seed \(seed)")

        let batchBytes = written(WireEncoder.changeset(WireChangeset(wire, sequential: false), flat: flat))
        let batch = try WireDecoder.batchChangeset(batchBytes, flat: flat)
        #expect(batch.changeset == engine.batch, "seed \(seed): \(String(decoding: batchBytes, as: UTF8.self))")
        let stages = engine.batchStages
        #expect(batch.intermediateSnapshots.count == max(0, stages.count - 1), "seed \(seed)")
        for (read, stage) in zip(batch.intermediateSnapshots, stages) { #expect(read == stage.result, "seed \(seed)") }

        let sequentialBytes = written(WireEncoder.sequentialChangeset(wire.sequential, flat: flat))
        #expect(
            try WireDecoder.sequentialChangeset(sequentialBytes, flat: flat) == engine.sequential,
            "seed \(seed): \(String(decoding: sequentialBytes, as: UTF8.self))")
    }

    @Test func flatShapesAreDocumentedOnes() throws {
        let request = Array(
            #"{"old": ["a", "b", "c", {"id": "d", "content": 1}], "new": ["c", "a", {"id": "d", "content": 2}, "e"]}"#
                .utf8)
        let decoded = try WireDecoder.diffRequest(request)
        let diff = try WireDiff(from: decoded.old, to: decoded.new)
        #expect(
            String(
                decoding: written(WireEncoder.changeset(WireChangeset(diff, sequential: false), flat: true)),
                as: UTF8.self)
                == #"{"stages":[{"deletes":[1],"inserts":[3],"moves":[[2,0]]}],"updates":{"reloads":[],"reconfigures":[2]}}"#
        )
        #expect(
            String(decoding: written(WireEncoder.sequentialChangeset(diff.sequential, flat: true)), as: UTF8.self)
                .hasPrefix(
                    #"{"operations":[{"op":"remove","at":1,"count":1}"#))
    }

    @Test func integerIdentifiersEqualTheirDecimalStrings() throws {
        let decoded = try WireDecoder.diffRequest(Array(#"{"old": [42, -0, "x"], "new": ["42", "0", "x"]}"#.utf8))
        #expect(decoded.old == decoded.new)
        #expect(decoded.old.itemIdentifiers == ["42", "0", "x"])
    }

    @Test func contentComparesAsJSONValuesAndIsWrittenBackAsRead() throws {
        let decoded = try WireDecoder.diffRequest(
            Array(
                #"{"old": [{"id": "a", "content": {"x": 1.0, "y": [1]}}], "new": [{"id": "a", "content": {"y":[1],"x":1}}]}"#
                    .utf8))
        #expect(try WireDiff(from: decoded.old, to: decoded.new).batch.isEmpty)
        #expect(
            String(decoding: written(WireEncoder.snapshot(decoded.old, flat: true)), as: UTF8.self)
                == #"[{"id":"a","content":{"x": 1.0, "y": [1]}}]"#)
    }

    @Test func everyOperationDecodes() throws {
        let body = #"""
            {"operations": [
              {"op": "appendSections", "sections": [{"id": "s", "items": ["a", {"id": "b", "content": 1}]}]},
              {"op": "insertSections", "sections": [{"id": "t"}], "before": "s"},
              {"op": "insertSections", "sections": [{"id": "u"}], "after": "s"},
              {"op": "moveSection", "section": "u", "before": "t"},
              {"op": "moveSection", "section": "u", "after": "s"},
              {"op": "appendItems", "items": ["c"]},
              {"op": "appendItems", "items": ["d"], "section": "t"},
              {"op": "insertItems", "items": ["e"], "before": "a"},
              {"op": "insertItems", "items": ["f"], "after": "a"},
              {"op": "moveItem", "item": "f", "before": "e"},
              {"op": "moveItem", "item": "e", "after": "d"},
              {"op": "reloadItems", "items": ["a"]},
              {"op": "reconfigureItems", "items": ["b"]},
              {"op": "reloadSections", "sections": ["s"]},
              {"op": "deleteItems", "items": ["c"]},
              {"op": "deleteSections", "sections": ["u"]},
              {"op": "deleteAllItems"}
            ]}
            """#
        let operations = try WireDecoder.operations(Array(body.utf8))
        #expect(operations.count == 17)
        let result = try WireSnapshot().applying(Array(operations.dropLast()))
        #expect(result.sectionIdentifiers == ["t", "s"])
        #expect(result.itemIdentifiers == ["d", "e", "f", "a", "b"])
        #expect(result.reloadedItems == ["a"] && result.reconfiguredItems == ["b"] && result.reloadedSections == ["s"])
        #expect(try WireSnapshot().applying(operations).numberOfItems == 0)
    }
}
