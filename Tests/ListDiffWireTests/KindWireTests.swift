import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

/// An item's `kind` on the wire: read, written back, in the digest only where present, and
/// compared as part of the content (a change of kind alone is seen).
@Suite(.ownThreads) struct KindWireTests {
    static func snapshot(_ json: String) throws -> WireSnapshot {
        try WireDecoder.snapshot(Array(json.utf8)).snapshot
    }

    static func readError(_ body: String) -> JSONReadError? {
        do {
            _ = try WireDecoder.snapshot(Array(body.utf8))
            return nil
        } catch {
            return error
        }
    }

    static func written(_ snapshot: WireSnapshot) -> String {
        String(decoding: ListDiffWireTests.written(WireEncoder.snapshot(snapshot, flat: true)), as: UTF8.self)
    }

    @Test func kindsAreReadAndWrittenBackWithOrWithoutContent() throws {
        let snapshot = try Self.snapshot(
            #"["a", {"id": "b", "kind": "photo"}, {"kind": "text", "content": {"t": 1}, "id": "c"}, {"id": "d", "content": null, "kind": "x"}]"#
        )
        let items = snapshot.sections[0].items
        #expect(items[0].content == nil)
        #expect(items[1].content?.kind == "photo" && items[1].content?.hasValue == false)
        #expect(items[2].content?.kind == "text" && items[2].content?.description == #"{"t": 1}"#)
        #expect(items[3].content?.kind == "x" && items[3].content?.hasValue == false)
        let text = Self.written(snapshot)
        #expect(
            text
                == #"["a",{"id":"b","kind":"photo"},{"id":"c","content":{"t": 1},"kind":"text"},{"id":"d","kind":"x"}]"#
        )
        #expect(Self.written(try Self.snapshot(text)) == text)
    }

    @Test func aKindIsPartOfTheContentsEquality() throws {
        let one = try WireContent(json: "1", kind: "photo")
        #expect(one == (try WireContent(json: "1.0", kind: "photo")))
        #expect(one != (try WireContent(json: "1", kind: "text")))
        #expect(one != (try WireContent(json: "1")))
        #expect(WireContent(kind: "photo") == WireContent(kind: "photo"))
        #expect(WireContent(kind: "photo") != WireContent(kind: "text"))
        #expect(one.cellKind == "photo")
    }

    @Test func aKindChangeIsAReloadEvenWhenUpdatesAreReconfigures() throws {
        let old = try Self.snapshot(#"[{"id": "a", "kind": "photo", "content": 1}, {"id": "b", "content": 1}]"#)
        let new = try Self.snapshot(#"[{"id": "a", "kind": "text", "content": 1}, {"id": "b", "content": 2}]"#)
        let updates = try SectionedDiff(from: old, to: new).batch.updates
        #expect(
            updates
                == ContentUpdates(
                    itemReloads: [ItemPath(section: 0, item: 0)], itemReconfigures: [ItemPath(section: 0, item: 1)]))
    }

    @Test func aKindThatIsNotANonEmptyShortStringIsRefusedWithItsPointer() throws {
        for (body, found) in [
            (#"[{"id": "a", "kind": 3}]"#, "a number"), (#"[{"id": "a", "kind": ""}]"#, "an empty string"),
            (#"[{"id": "a", "kind": "\#(String(repeating: "k", count: 257))"}]"#, "a string of 257 bytes")
        ] {
            let error = try #require(Self.readError(body), "\(body) was read")
            #expect(error.pointer.description == "/0/kind", "\(body)")
            #expect(error.found == found, "\(body)")
        }
        #expect(
            try Self.snapshot(#"[{"id": "a", "kind": "\#(String(repeating: "k", count: 256))"}]"#).sections[0].items[0]
                .content?.kind?.count == 256)
    }

    /// Kinds enter the canonical JSON only where present: every digest of a kind-less snapshot
    /// is what it was before kinds (the reference value of SnapshotDigestTests is unchanged).
    @Test func theDigestNamesKindsOnlyWherePresent() throws {
        let snapshot = try Self.snapshot(
            #"["a", {"id": "b", "kind": "photo"}, {"id": "c", "content": {"n": 1.0}, "kind": "te\"xt"}]"#)
        let canonical = String(decoding: SnapshotDigest.canonicalJSON(of: snapshot), as: UTF8.self)
        #expect(
            canonical
                == #"{"sections":[{"id":"","items":["a",{"id":"b","kind":"photo"},{"id":"c","content":{"n":1},"kind":"te\"xt"}]}]}"#
        )
        // python3 -c 'import xxhash; print(xxhash.xxh64(CANONICAL).hexdigest())'
        #expect(SnapshotDigest.digest(of: snapshot) == "xxh64:" + Self.referenceDigest)
        let plain = try Self.snapshot(#"["a", "b"]"#)
        #expect(
            SnapshotDigest.digest(of: plain)
                != SnapshotDigest.digest(of: try Self.snapshot(#"["a", {"id": "b", "kind": "photo"}]"#)))
    }

    static let referenceDigest = "1549f15ab9639513"
}
