import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

/// The decoder's identifier paths: short identifiers read as two words (far from and near the
/// end of the input, where fewer than 16 bytes follow the quote), long ones copied once, and
/// the intern table growing past its initial size. Lengths and offsets run past the 15 bytes
/// held inline, to 31 and beyond, so that a wider inline form would be checked too.
@Suite(.ownThreads) struct WireIDInterningTests {
    static func text(length: Int) -> String {
        String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
    }

    func items(_ body: String) throws -> [WireID] {
        try WireDecoder.snapshot(Array(body.utf8)).snapshot.itemIdentifiers
    }

    @Test func everyLengthDecodesToTheSameIdentifierAsItsText() throws {
        let lengths = Array(0...40)
        let ids = lengths.map(Self.text(length:))
        // Each identifier alone (its closing quote within 16 bytes of the end) and all of them
        // in one array, padded so that most are far from the end.
        for (length, id) in zip(lengths, ids) {
            let decoded = try items(#"["\#(id)"]"#)
            #expect(decoded == [WireID(id)], "length \(length)")
            #expect(decoded.first?.hashValue == WireID(id).hashValue, "length \(length)")
            for seed in [0, 1, -7, 0x5EED] {
                #expect(
                    decoded.first?._rawHashValue(seed: seed) == WireID(id)._rawHashValue(seed: seed),
                    "length \(length), seed \(seed)")
            }
            #expect(decoded.first?.string == id, "length \(length)")
        }
        let all = try items(
            "[" + ids.map { #""\#($0)""# }.joined(separator: ", ") + "]" + String(repeating: " ", count: 64))
        #expect(all == ids.map { WireID($0) })
        #expect(all.map(\.string) == ids)
    }

    @Test func anEscapeOrANonASCIIByteAtAnyOfTheFirst33OffsetsLeavesTheTextWhole() throws {
        // The inline scan stops at the first special byte: a closing quote ends the text, an
        // escape or a non-ASCII byte hands the element to the general path, which must read it
        // all; and quotes, escapes or non-ASCII bytes of the next element change nothing.
        for offset in 0..<33 {
            let prefix = Self.text(length: offset)
            let cases = [
                (#""\#(prefix)\u0041z""#, prefix + "Az"), (#""\#(prefix)é""#, prefix + "é"),
                (#""\#(prefix)\"""#, prefix + "\""), (#""\#(prefix)""#, prefix)
            ]
            let body = "[" + cases.map(\.0).joined(separator: ",") + #","\u0042","ü"]"#
            let expected = cases.map { WireID($0.1) } + [WireID("B"), WireID("ü")]
            let decoded = try items(body + String(repeating: " ", count: 32))
            #expect(decoded == expected, "offset \(offset)")
            #expect(decoded.map(\.string) == expected.map(\.string), "offset \(offset)")
        }
    }

    @Test func identifiersThatShareAPrefixStayDistinct() throws {
        // Around each word's end (8, 16, 24, 32 bytes), 15 bytes (inline) against 16 (long), and
        // ones differing only in their last byte; the NUL-padded spellings stay apart from the
        // shorter texts their words would hold without the length.
        let a = { (count: Int) in String(repeating: "a", count: count) }
        let ids =
            [a(31), a(32), a(30) + "b", a(24), a(23) + "b", a(16), a(15), a(15) + "\0", a(14) + "b", a(8), a(7)]
            + ["aaaaaaab", "\0", ""]
        let json = { (id: String) in id.unicodeScalars.map { $0 == "\0" ? "\\u0000" : String($0) }.joined() }
        let body = "[" + ids.map { #""\#(json($0))""# }.joined(separator: ",") + "]"
        #expect(try items(body) == ids.map { WireID($0) })
        #expect(try items(body).map(\.string) == ids)
        #expect(Set(try items(body)).count == ids.count)
        #expect(Set(ids.map { WireID($0)._rawHashValue(seed: 3) }).count == ids.count)
    }

    @Test(arguments: [7, 15, 16, 23, 24, 31, 32, 40])
    func duplicatesAreFoundAtEveryLength(length: Int) throws {
        let id = Self.text(length: length)
        let body = Array(#"{"old": ["x", "\#(id)", "y", "\#(id)"], "new": []}"#.utf8)
        #expect {
            _ = try WireDecoder.diffRequest(body)
        } throws: { error in
            guard let error = error as? JSONReadError else { return false }
            return error.pointer.description == "/old/3" && error.found.contains(#""\#(id)""#)
        }
    }

    @Test func escapedAndPlainSpellingsAreOneIdentifier() throws {
        let body = Array(
            #"{"old": ["caf\u00e9-and-a-long-tail", "ab\u0063"], "new": ["café-and-a-long-tail", "abc"]}"#.utf8)
        let request = try WireDecoder.diffRequest(body)
        #expect(request.old.itemIdentifiers == request.new.itemIdentifiers)
        #expect(try WireDiff(from: request.old, to: request.new).batch.counts == ChangesetCounts())
    }

    @Test func longIdentifiersSpanSeveralSlabsAndMatchTheirTextAnywhere() throws {
        // 40-byte identifiers, 200 KB of them: the decode packs them into several slabs; one
        // identifier is larger than a slab. Equal to identifiers made from strings (their own
        // slabs) and to themselves read again in the other snapshot.
        let ids =
            (0..<5_000).map { "identifier-long-enough-for-a-slab-\(String($0).leftPadded(to: 6))" }
            + [String(repeating: "x", count: 70_000)]
        let list = ids.map { #""\#($0)""# }.joined(separator: ",")
        let request = try WireDecoder.diffRequest(Array(#"{"old": [\#(list)], "new": [\#(list)]}"#.utf8))
        #expect(request.old.itemIdentifiers == ids.map { WireID($0) })
        #expect(request.new.itemIdentifiers == request.old.itemIdentifiers)
        #expect(request.old.itemIdentifiers.map(\.string) == ids)
        #expect(Set(request.old.itemIdentifiers).count == ids.count)
        #expect(try WireDiff(from: request.old, to: request.new).batch.counts == ChangesetCounts())
    }

    @Test func theTableGrowsPastItsInitialSize() throws {
        // Short numeric identifiers: about one per 6 bytes, more than the table's first size.
        let count = 30_000
        let old = (0..<count).map(String.init).joined(separator: ",")
        let new = (0..<count).reversed().map(String.init).joined(separator: ",")
        let request = try WireDecoder.diffRequest(Array(#"{"old": [\#(old)], "new": [\#(new)]}"#.utf8))
        #expect(request.old.itemIdentifiers == (0..<count).map { WireID($0) })
        #expect(request.new.itemIdentifiers == (0..<count).reversed().map { WireID($0) })
        let diff = try WireDiff(from: request.old, to: request.new).batch
        #expect(diff.counts.itemMoves == count - 1)
    }

    /// The table starts in the decode's arena and moves to storage of its own when it grows;
    /// growing again frees that storage, not the arena's.
    @Test func theTableGrowsTwiceOutOfTheDecodesArena() throws {
        // One array of short numeric identifiers: a sixth of its bytes, over twice the first size.
        let count = 30_000
        let old = (0..<count).map(String.init).joined(separator: ",")
        let request = try WireDecoder.diffRequest(Array(#"{"old": [\#(old)], "new": ["x"]}"#.utf8))
        #expect(request.old.itemIdentifiers == (0..<count).map { WireID($0) })
        #expect(request.new.itemIdentifiers == [WireID("x")])
    }
}
