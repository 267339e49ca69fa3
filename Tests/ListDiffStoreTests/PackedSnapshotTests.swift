import ListDiff
import ListDiffTestRun
import ListDiffWire
import Testing

@testable import ListDiffStore

@Suite(.ownThreads) struct PackedSnapshotTests {
    /// Packing keeps order, identity (short, UUID and long identifiers) and content, and lets go
    /// of marks; the unpacked content is its own copy of the bytes.
    @Test func packingRoundTrips() throws {
        let document = try WireDecoder.snapshot(
            Array(
                #"""
                {"sections": [{"id": "s", "content": {"title": "S"}, "items": [{"id": "a", "content": [1, 2]}, "b", "3F2504E0-4F89-11D3-9A0C-0305E82C3301"]},
                              {"id": "a-section-identifier-longer-than-fifteen-bytes", "items": [{"id": 7, "content": "x"}]},
                              {"id": "empty", "items": []}],
                 "reloaded": ["b"]}
                """#.utf8))
        let packed = PackedSnapshot(document.snapshot)
        let unpacked = packed.snapshot()
        #expect(unpacked == document.snapshot)
        #expect(unpacked.sections.map(\.id) == document.snapshot.sections.map(\.id))
        #expect(unpacked.sections[0].content?.description == #"{"title": "S"}"#)
        #expect(unpacked.sections[0].items[0].content?.description == "[1, 2]")
        #expect(unpacked.sections[0].items[2].id.string == "3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        #expect(unpacked.sections[1].items[0].id == WireID("7"))
        #expect(unpacked.reloadedItems.isEmpty)
        #expect(packed.numberOfItems == 4)
        #expect(PackedSnapshot().snapshot().sections.isEmpty)
    }
}
