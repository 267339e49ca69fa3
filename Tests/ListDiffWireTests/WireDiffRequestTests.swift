import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

/// A decoded request's snapshots: arrays of inline identifiers read whole (counted, then
/// stored at their exact size) read as item by item, and the request's box, which empties
/// the item arrays it alone holds when the request goes, leaves alone what is still held.
@Suite(.ownThreads) struct WireDiffRequestTests {
    static func ids(_ range: Range<Int>) -> [String] { range.map { "item-\($0)" } }

    static func body(old: [String], new: [String]) -> [UInt8] {
        func list(_ ids: [String]) -> String { "[" + ids.map { #""\#($0)""# }.joined(separator: ",") + "]" }
        return Array(#"{"old":\#(list(old)),"new":\#(list(new))}"#.utf8)
    }

    @Test func wholeArraysOfInlineIdentifiersReadAsTheirTexts() throws {
        let old = Self.ids(0..<1_000)
        let new = Self.ids(500..<1_500) + ["a-long-identifier-of-40-bytes-0000000000", "x"]
        let request = try WireDecoder.diffRequest(Self.body(old: old, new: new))
        #expect(request.old.itemIdentifiers == old.map { WireID($0) })
        #expect(request.new.itemIdentifiers == new.map { WireID($0) })
        #expect(request.isFlat)
    }

    @Test func aDuplicateInAnArrayReadWholeIsFoundWhereItRepeats() throws {
        // The repeat is the last element, near the end of the input.
        let body = Array(#"{"new":[],"old":["a","b","c","a"]}"#.utf8)
        #expect {
            _ = try WireDecoder.diffRequest(body)
        } throws: { error in
            guard let error = error as? JSONReadError else { return false }
            return error.pointer.description == "/old/3" && error.found.contains(#""a""#)
        }
    }

    @Test func aSnapshotKeptAfterItsRequestKeepsItsItems() throws {
        let old = Self.ids(0..<300)
        let new = Self.ids(100..<400)
        var kept: WireSnapshot?
        var keptOld: WireSnapshot?
        do {
            let request = try WireDecoder.diffRequest(Self.body(old: old, new: new))
            kept = request.new
            keptOld = request.old
        }
        #expect(kept?.itemIdentifiers == new.map { WireID($0) })
        #expect(keptOld?.itemIdentifiers == old.map { WireID($0) })
    }

    /// Codes number the snapshots' own items, from 4 KiB on: none for a smaller request, none
    /// once a snapshot is replaced, none when an outline's visible rows are what gets diffed.
    @Test func itemCodesAreDroppedWhereTheyWouldNotNumberTheItems() throws {
        let padding = Array(repeating: UInt8(ascii: " "), count: 4 << 10)
        let small = Self.body(old: ["a", "b"], new: ["b", "c"])
        #expect(try WireDecoder.diffRequest(small).itemCodes == nil)
        var request = try WireDecoder.diffRequest(small + padding)
        #expect(request.itemCodes.map { [$0.old, $0.new] } == [[0, 1], [1, 2]])
        request.new = request.old
        #expect(request.itemCodes == nil)
        let outline = #"{"sections": [{"id": "s", "outline": true, "items": [{"id": "p", "children": ["c"]}]}]}"#
        let flatOutline = #"{"sections": [{"id": "s", "items": ["p", "c"]}]}"#
        let outlined = try WireDecoder.diffRequest(
            Array(#"{"old": \#(flatOutline), "new": \#(outline)}"#.utf8) + padding)
        #expect(outlined.itemCodes == nil)
    }

    @Test func aChangedCopyLeavesTheOriginalAlone() throws {
        let request = try WireDecoder.diffRequest(Self.body(old: ["a", "b"], new: ["b", "c"]))
        var copy = request
        copy.old = try WireSnapshot(sections: [WireSnapshot.Section(WireID.flatSection, items: [.init("z")])])
        copy.new = copy.old
        #expect(request.old.itemIdentifiers == ["a", "b"])
        #expect(request.new.itemIdentifiers == ["b", "c"])
        #expect(copy.old.itemIdentifiers == ["z"])
        #expect(copy.new.itemIdentifiers == ["z"])
    }
}
