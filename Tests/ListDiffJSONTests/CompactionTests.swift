import ListDiff
import ListDiffJSON
import Testing

@Suite struct CompactionTests {
    @Test func aCompactedSnapshotHoldsTheSameValuesInItsOwnBuffer() throws {
        let long = String(repeating: "long-identifier-", count: 3)
        let document = try WireDecoder.snapshot(Array(#"""
            {"sections": [{"id": "s", "content": {"title": "S"}, "items": [{"id": "a", "content": [1, 2]}, "b", "\#(long)"]},
                          {"id": "t", "items": [{"id": "c", "content": "x"}]}],
             "reloaded": ["b"]}
            """#.utf8))
        let compacted = document.snapshot.compacted()
        #expect(compacted == document.snapshot)
        #expect(compacted.sections[0].content?.description == #"{"title": "S"}"#)
        #expect(compacted.sections[0].items[0].content?.description == "[1, 2]")
        #expect(compacted.sections[1].items[0].content?.description == #""x""#)
        #expect(compacted.sections[0].items[2].id.string == long)
        #expect(compacted.reloadedItems.isEmpty)
    }

    @Test func compactedContentsKeepTheirOrderAndValues() throws {
        let contents = try ["1", #"{"a": true}"#, "[]", #""text""#].map { try WireContent(json: $0) }
        let copies = WireContent.compacted(contents)
        #expect(copies == contents)
        #expect(copies.map(\.description) == contents.map(\.description))
    }
}
