import ListDiff
import ListDiffTestRun
import Testing

@testable import ListDiffWire

/// When a decoded request goes, its box empties the item arrays it alone holds without the
/// generic value witnesses (`_PlainItems`): the references items hold — a long identifier's
/// slab, content — are released all the same, and arrays still held elsewhere keep theirs.
/// (In debug builds, where the tests run, `_PlainItems.isUniquelyReferenced` answers false, so
/// the box leaves the arrays to their own destruction there: `_PlainItems.empty` is tested
/// directly.)
@Suite(.ownThreads) struct RequestReleaseTests {
    static let text =
        #"{"old":[{"id":"a-long-identifier-of-40-bytes-0000000000","content":{"x":1}},"b","#
        + #"{"id":"c","content":[2]},"d"],"new":["b","d"]}"#
    static let body = Array(text.utf8)

    @Test func aRequestGoingReleasesWhatItsItemsReference() throws {
        weak var content: _WireContentStorage?
        weak var shortContent: _WireContentStorage?
        weak var slab: _LongWireIDSlab?
        do {
            let request = try WireDecoder.diffRequest(Self.body)
            // The copies read here go before the request does, so its box holds the arrays alone.
            withExtendedLifetime(request) {
                let items = request.old.sections[0].items
                content = items[0].content?._storage
                shortContent = items[2].content?._storage
                slab = items[0].id._long
            }
            #expect(content != nil && shortContent != nil && slab != nil)
        }
        #expect(content == nil)
        #expect(shortContent == nil)
        #expect(slab == nil)
    }

    @Test func itemsKeptAfterTheirRequestKeepWhatTheyReference() throws {
        var kept: WireSnapshot?
        do {
            let request = try WireDecoder.diffRequest(Self.body)
            kept = request.old
        }
        let items = try #require(kept?.sections.first?.items)
        #expect(items.map(\.id) == ["a-long-identifier-of-40-bytes-0000000000", "b", "c", "d"])
        #expect(items.map { $0.content?.description } == [#"{"x":1}"#, nil, "[2]", nil])
    }

    @Test func emptyingPlainItemsReleasesWhatTheItemsReference() throws {
        weak var content: _WireContentStorage?
        weak var slab: _LongWireIDSlab?
        var items = ContiguousArray<WireSnapshot.Item>()
        do {
            let request = try WireDecoder.diffRequest(Self.body)
            // Copied one by one, so that only `items` references its storage.
            for item in request.old.sections[0].items { items.append(item) }
            content = items[0].content?._storage
            slab = items[0].id._long
        }
        #expect(content != nil && slab != nil)
        let capacity = items.capacity
        _PlainItems.empty(&items)
        #expect(items.isEmpty)
        #expect(items.capacity == capacity)
        #expect(content == nil)
        #expect(slab == nil)
        items.append(WireSnapshot.Item("e"))
        #expect(items.map(\.id) == ["e"])
    }
}
