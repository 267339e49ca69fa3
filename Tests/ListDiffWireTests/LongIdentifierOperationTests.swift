import ListDiff
import ListDiffTestRun
import ListDiffWire
import Testing

/// Regression: an identifier longer than 15 bytes in an operation's single-identifier members
/// (`item`, `section`, `before`, `after`) or in a `sections` list crashed the decoder.
@Suite(.ownThreads) struct LongIdentifierOperationTests {
    @Test(arguments: [
        #"{"operations":[{"op":"deleteSections","sections":["0123456789abcdef"]}]}"#,
        #"{"operations":[{"op":"moveItem","item":"a","after":"bbbbbbbbbbbbbbbb"}]}"#,
        #"{"operations":[{"op":"moveItem","item":"a","after":9223372036854775806}]}"#,
        #"{"operations":[{"op":"moveSection","section":"a-long-section-identifier","before":"another-long-section-id"}]}"#,
        #"{"operations":[{"op":"appendItems","items":["x"],"section":"a-long-section-identifier"}]}"#
    ])
    func longIdentifiersInOperationsDecode(body: String) throws {
        let operations = try WireDecoder.operations(Array(body.utf8))
        #expect(operations.count == 1)
    }

    @Test func theLongIdentifiersKeepTheirText() throws {
        let operations = try WireDecoder.operations(
            Array(
                #"{"operations":[{"op":"moveItem","item":"an-item-with-a-long-name","after":"another-long-item-name"}]}"#
                    .utf8))
        guard case .snapshot(.moveItemAfter(let item, let anchor))? = operations.first else {
            Issue.record("not a moveItem after: \(operations)")
            return
        }
        #expect(item.string == "an-item-with-a-long-name")
        #expect(anchor.string == "another-long-item-name")
    }
}
