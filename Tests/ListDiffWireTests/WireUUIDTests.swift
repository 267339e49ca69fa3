import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

/// Canonical UUIDs are held inline (16 bytes and their letters' case); every other 36-byte
/// text stays a long identifier. Either way an identifier equals, hashes and spells exactly
/// as its text, whichever path made it.
@Suite(.ownThreads) struct WireUUIDTests {
    static let inline = [
        "550e8400-e29b-41d4-a716-446655440000", "550E8400-E29B-41D4-A716-446655440000",
        "00000000-0000-4000-8000-000000000000", "ffffffff-ffff-7fff-bfff-ffffffffffff",
        "FFFFFFFF-FFFF-7FFF-BFFF-FFFFFFFFFFFF",
        "12345678-1234-1234-9234-123456789012"
    ]
    static let long = [
        "550e8400-E29B-41d4-a716-446655440000", // mixed case
        "00000000-0000-0000-0000-000000000000", // the nil UUID: not the RFC 9562 variant
        "550e8400-e29b-41d4-c716-446655440000", // variant 110
        "550e8400-e29b-41d4-a716-44665544000g", // not hex
        "550e8400e29b-41d4-a716-4466554400000", // a dash misplaced
        "550e8400-e29b-41d4-a716-4466554400\u{e9}", // 36 bytes, not ASCII
        "550e8400-e29b-41d4-a716-446655440000-" // 37 bytes
    ]

    func decoded(_ texts: [String]) throws -> [WireID] {
        let body = "[" + texts.map { #""\#($0)""# }.joined(separator: ",") + "]"
        return try WireDecoder.snapshot(Array(body.utf8)).snapshot.itemIdentifiers
    }

    @Test func everyUUIDSpellingRoundTripsAndMatchesItsText() throws {
        let texts = Self.inline + Self.long
        let all = try decoded(texts)
        let alone = try texts.map { try decoded([$0]).first }
        let padded = try decoded(texts + [String(repeating: "x", count: 40)]).dropLast()
        for (index, text) in texts.enumerated() {
            let made = WireID(text)
            #expect(made.string == text)
            #expect(made.description == text)
            for id in [all[index], alone[index], padded[padded.startIndex + index]] {
                #expect(id == made, "\(text)")
                #expect(id?.hashValue == made.hashValue, "\(text)")
                #expect(id?.string == text)
            }
        }
        #expect(Set(all).count == texts.count, "a UUID's two spellings are two identifiers")
    }

    @Test func aUUIDKeyedSnapshotDiffsAndRepeatsAreFound() throws {
        let request =
            #"{"old": ["550e8400-e29b-41d4-a716-446655440000", "550e8400-e29b-41d4-a716-446655440001"], "new": ["550e8400-e29b-41d4-a716-446655440001", "550E8400-E29B-41D4-A716-446655440000"]}"#
        let decoded = try WireDecoder.diffRequest(Array(request.utf8))
        let counts = try WireDiff(from: decoded.old, to: decoded.new).batch.counts
        #expect(counts.itemDeletes == 1 && counts.itemInserts == 1 && counts.itemMoves == 0)
        let repeated = #"["550e8400-e29b-41d4-a716-446655440000", "a", "550e8400-e29b-41d4-a716-446655440000"]"#
        #expect(throws: JSONReadError.self) { try WireDecoder.snapshot(Array(repeated.utf8)) }
    }
}
