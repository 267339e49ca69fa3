/// Seeded byte mutations of JSON bodies, shared by the JSON reader's and the wire's fuzz tests:
/// bit flips, inserted interesting bytes, deletions, duplications, splices from a small corpus
/// of valid documents, random bytes.
public enum JSONMutator {
    /// Valid JSON documents: fuzzing seeds and the donors of splices.
    public static let corpus: [[UInt8]] = [
        #"{"old": {"sections": [{"id": "s0", "items": ["a", "b", {"id": "c", "content": {"title": "Caf\u00e9 \ud83d\ude00", "n": -12.5e3, "tags": [true, false, null]}}]}], "reloaded": ["a"]}, "new": ["b", "a", "d"]}"#,
        #"[{"op": "appendItems", "items": ["x", "y"], "to": "s1"}, {"op": "moveItem", "item": "x", "before": "y"}, {"op": "deleteAllItems"}]"#,
        "{\"a\":[1,2,[3,[4,[5,{}]]],\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"],\"é€😀\":0.0001,\"big\":123456789012345678901234567890,\"e\":1E+2}",
        "  [ \"plain ASCII string long enough for word scanning\" , 0 , -0 , 1e-7 , \"\\u0000\" ]\n",
        "\"top-level string\"",
        "-1234.5678E-90",
        "null"
    ].map { Array($0.utf8) }

    static let interesting: [UInt8] =
        Array("{}[]:,\"\\/ \t\n\r0123456789-+.eEtrufalsnu".utf8) + [
            0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF
        ]

    /// One to four random edits of `input`, drawn from `random`. O(input size).
    public static func mutate(_ input: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let count = bytes.count
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where count > 0:
                bytes[Int.random(in: 0..<count, using: &random)] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            case 1:
                let byte = interesting[Int.random(in: 0..<interesting.count, using: &random)]
                bytes.insert(byte, at: Int.random(in: 0...count, using: &random))
            case 2 where count > 0:
                let start = Int.random(in: 0..<count, using: &random)
                let end = min(count, start + Int.random(in: 1...8, using: &random))
                bytes.removeSubrange(start..<end)
            case 3 where count > 0:
                let start = Int.random(in: 0..<count, using: &random)
                let end = min(count, start + Int.random(in: 1...32, using: &random))
                bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...count, using: &random))
            case 4:
                let donor = corpus[Int.random(in: 0..<corpus.count, using: &random)]
                let start = Int.random(in: 0..<donor.count, using: &random)
                let end = min(donor.count, start + Int.random(in: 1...64, using: &random))
                let at = Int.random(in: 0...count, using: &random)
                let cut = min(count, at + Int.random(in: 0...16, using: &random))
                bytes.replaceSubrange(at..<cut, with: donor[start..<end])
            case 5 where count > 0:
                bytes[Int.random(in: 0..<count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            default:
                break
            }
        }
        return bytes
    }
}
