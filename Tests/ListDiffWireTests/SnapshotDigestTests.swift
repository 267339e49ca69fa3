import ListDiff
import ListDiffTestRun
import ListDiffWire
import Testing

@Suite(.ownThreads) struct SnapshotDigestTests {
    /// Reference values from the xxHash library (python `xxhash.xxh64(…, seed=0)`).
    @Test(arguments: [
        ("", "ef46db3751d8e999"),
        ("a", "d24ec4f1a98c6e5b"),
        ("abc", "44bc2cf5ad770999"),
        ("0123456789abcdef0123456789abcdef!", "8afff4daac4e677e")
    ])
    func xxh64MatchesTheReference(input: String, hex: String) {
        let hash = Array(input.utf8).withUnsafeBytes { XXH64.hash($0) }
        #expect(String(hash, radix: 16) == hex)
    }

    @Test func xxh64OfALongInputMatchesTheReference() {
        let input = Array((0..<3).flatMap { _ in (0...255).map { UInt8($0) } }) + Array("xyz12".utf8)
        #expect(input.withUnsafeBytes { XXH64.hash($0) } == 0x9b7d_50c0_4781_8b1b)
    }

    static func canonical(_ json: String) throws -> String {
        String(decoding: SnapshotDigest.canonicalJSON(of: try WireContent(json: json)), as: UTF8.self)
    }

    @Test func contentHasOneCanonicalFormPerFingerprint() throws {
        #expect(
            try Self.canonical(#" { "b" : [1, 2.50, -0.0], "a" : "x\u0041\n" } "#) == #"{"a":"xA\n","b":[1,25e-1,0]}"#)
        #expect(try Self.canonical("100") == "1e2")
        #expect(try Self.canonical("1.0") == "1")
        #expect(try Self.canonical("10e-1") == "1")
        #expect(try Self.canonical("-0.012E+3") == "-12")
        #expect(try Self.canonical(#"{"k":2,"k":1}"#) == #"{"k":1,"k":2}"#)
        #expect(try Self.canonical("[true,false,null,{}]") == "[true,false,null,{}]")
    }

    /// Content already in canonical form is copied into the digest as it is; the copy must
    /// equal what the general path writes, for canonical and near-canonical spellings alike.
    @Test(arguments: [
        #"{"a":1,"b":[true,null,"x"],"c":{}}"#, #"{"b":1,"a":2}"#, #"{"a":1,"a":2}"#, #"{"a":1,"a!":2}"#,
        #"{"a!":1,"a":2}"#,
        "0", "-0", "7", "-12", "10", "100", "1e2", "25e-1", "2.5", "-0.012E+3", "1E2", #""plain""#, #""esc\u0041""#,
        #""é😀""#, "[]", "[1,[2,[3]]]", #"{"k":[{"z":1,"y":2}]}"#, #" {"a":1}"#, #"{"a": 1}"#, "[1 ,2]", "true", "null",
        #"{"title":"Item 7","rank":7}"#, #"{"rank":7,"title":"Item 7"}"#,
        String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
    ])
    func canonicalContentIsCopiedExactlyAsTheGeneralPathWritesIt(json: String) throws {
        let content = try WireContent(json: json)
        let snapshot = try WireSnapshot(sections: [
            WireSnapshot.Section("s", items: [WireSnapshot.Item("i", content: content)])
        ])
        let expected = #"{"sections":[{"id":"s","items":[{"id":"i","content":"# + (try Self.canonical(json)) + "}]}]}"
        #expect(String(decoding: SnapshotDigest.canonicalJSON(of: snapshot), as: UTF8.self) == expected)
    }

    @Test func digestIsTheXXH64OfTheDocumentedCanonicalJSON() throws {
        let snapshot = try WireDecoder.snapshot(
            Array(
                #"""
                {"sections": [{"id": "today", "content": {"title": "Today"}, "items": ["a", {"id": 7, "content": {"n": 1.0}}]},
                              {"id": "later", "items": []}]}
                """#.utf8)
        ).snapshot
        let canonical = String(decoding: SnapshotDigest.canonicalJSON(of: snapshot), as: UTF8.self)
        #expect(
            canonical
                == #"{"sections":[{"id":"today","content":{"title":"Today"},"items":["a",{"id":"7","content":{"n":1}}]},{"id":"later","items":[]}]}"#
        )
        // python3 -c 'import xxhash; print(xxhash.xxh64(CANONICAL).hexdigest())'
        #expect(SnapshotDigest.digest(of: snapshot) == "xxh64:" + Self.referenceDigest)
    }

    static let referenceDigest = "0bd05f7b168b0194"

    @Test func equalSnapshotsInAnySpellingHaveOneDigest() throws {
        let one = try WireDecoder.snapshot(Array(#"["a", {"id": "b", "content": {"x": 1, "y": [2]}}]"#.utf8)).snapshot
        let two = try WireDecoder.snapshot(
            Array(#"{"items": ["a", {"content": {"y": [2.0], "x": 1e0}, "id": "b"}]}"#.utf8)
        ).snapshot
        let other = try WireDecoder.snapshot(Array(#"["b", "a"]"#.utf8)).snapshot
        #expect(SnapshotDigest.digest(of: one) == SnapshotDigest.digest(of: two))
        #expect(SnapshotDigest.digest(of: one) != SnapshotDigest.digest(of: other))
        #expect(SnapshotDigest.digest(of: one).count == 22)
    }
}
