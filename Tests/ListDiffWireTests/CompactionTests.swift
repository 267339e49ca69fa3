import ListDiff
import ListDiffTestRun
import ListDiffWire
import Testing

@Suite(.ownThreads) struct CompactionTests {
    @Test func compactedContentsKeepTheirOrderAndValues() throws {
        let contents = try ["1", #"{"a": true}"#, "[]", #""text""#].map { try WireContent(json: $0) }
        let copies = WireContent.compacted(contents)
        #expect(copies == contents)
        #expect(copies.map(\.description) == contents.map(\.description))
    }
}
