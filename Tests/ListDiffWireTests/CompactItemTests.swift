import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

/// Items written compactly, `{"id":"…","content":…}`, take a one-pass path; everything it
/// does not take (whitespace, other member order, escapes, errors) takes the general one.
/// Both must read the same snapshot and report the same errors.
@Suite(.ownThreads) struct CompactItemTests {
    func snapshot(_ body: String) throws -> WireSnapshot {
        try WireDecoder.snapshot(Array(body.utf8)).snapshot
    }

    @Test func compactAndSpacedSpellingsReadAlike() throws {
        let compact =
            #"[{"id":"a","content":{"t":"x","n":1}},{"id":"b-long-identifier-here","content":null},{"id":"c","content":[1,2]}]"#
        let spaced =
            #"[ { "content" : { "n" : 1.0, "t" : "x" }, "id" : "a" }, {"id": "b-long-identifier-here"}, { "id":"c", "content":[1, 2] } ]"#
        let a = try snapshot(compact)
        let b = try snapshot(spaced)
        #expect(a == b)
        #expect(a.itemIdentifiers == ["a", "b-long-identifier-here", "c"].map { WireID($0) })
        #expect(a.sections[0].items.map { $0.content == nil } == [false, true, false])
        #expect(a.sections[0].items[0].content?.description == #"{"t":"x","n":1}"#)
    }

    @Test(arguments: [
        (#"[{"id":"a","content":{"x":}}]"#, "/0/content/x"),
        (#"[{"id":"a","content":1},{"id":"a","content":2}]"#, "/1"),
        (#"[{"id":"a","content":1,"extra":2}]"#, "/0/extra"),
        (#"[{"id":"a","content":tru}]"#, "/0/content")
    ])
    func errorsInCompactItemsPointWhereTheGeneralPathDoes(body: String, pointer: String) throws {
        #expect {
            _ = try snapshot(body)
        } throws: { error in
            (error as? JSONReadError)?.pointer.description == pointer
        }
    }
}
