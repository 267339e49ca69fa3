import Foundation
import ListDiffScenarios
import ListDiffTestRun
import ListDiffWire
import Testing

/// Random JSON values written in two random spellings (whitespace, member order, number
/// spelling, escapes) must have one canonical form, which is itself canonical and means the
/// same value. Seeded; a failure names its seed.
@Suite(.ownThreads) struct CanonicalJSONPropertyTests {
    indirect enum Value {
        case number(Int, scale: Int)
        case string(String)
        case literal(String)
        case array([Value])
        case object([(String, Value)])
    }

    static func value(_ random: inout SplitMix64, depth: Int = 0) -> Value {
        switch Int.random(in: 0..<(depth > 3 ? 3 : 5), using: &random) {
        case 0:
            return .number(Int.random(in: -5000...5000, using: &random), scale: Int.random(in: 0...3, using: &random))
        case 1:
            return .string(
                ["", "a", "Item 7", "é😀", "quote\"back\\slash", "tab\tnew\nline", "/"].randomElement(using: &random)
                    ?? "")
        case 2: return .literal(["true", "false", "null"].randomElement(using: &random) ?? "null")
        case 3: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            let keys = ["a", "b", "ab", "a!", "title", "rank", "é", "Z"].shuffled(using: &random).prefix(
                Int.random(in: 0...5, using: &random))
            return .object(keys.map { ($0, value(&random, depth: depth + 1)) })
        }
    }

    /// One spelling of `value`: spaces, member order, number form and escapes drawn at random.
    static func spell(_ value: Value, _ random: inout SplitMix64) -> String {
        let space = { (random: inout SplitMix64) in [" ", "", "\n  ", ""].randomElement(using: &random) ?? "" }
        switch value {
        case .number(let digits, let scale):
            // digits × 10^-scale, spelled as a decimal fraction or with an exponent.
            if scale == 0, Bool.random(using: &random) { return String(digits) }
            return Bool.random(using: &random) ? "\(digits)e-\(scale)" : "\(digits)0e-\(scale + 1)"
        case .string(let text):
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\t": out += Bool.random(using: &random) ? "\\t" : "\\u0009"
                case "\n": out += "\\n"
                case "a", "I":
                    out += Bool.random(using: &random) ? String(scalar) : "\\u00" + String(scalar.value, radix: 16)
                default: out += String(scalar)
                }
            }
            return out + "\""
        case .literal(let text): return text
        case .array(let elements):
            return "[" + space(&random) + elements.map { spell($0, &random) }.joined(separator: "," + space(&random))
                + "]"
        case .object(let members):
            let spelled = members.shuffled(using: &random).map { key, value in
                spell(.string(key), &random) + space(&random) + ":" + spell(value, &random)
            }
            return "{" + space(&random) + spelled.joined(separator: space(&random) + ",") + space(&random) + "}"
        }
    }

    static func canonical(_ json: String) throws -> String {
        String(decoding: SnapshotDigest.canonicalJSON(of: try WireContent(json: json)), as: UTF8.self)
    }

    @Test func largeObjectsAreSortedToo() throws {
        var random = SplitMix64(seed: 20)
        let keys = (0..<40).map { "k\($0)" }
        let members = keys.shuffled(using: &random).map { #""\#($0)": {"b": 1, "a": [2, {"d": 0, "c": 10}]}"# }
        let expected =
            "{"
            + keys.sorted { Array($0.utf8 + [34]).lexicographicallyPrecedes(Array($1.utf8 + [34])) }
            .map { #""\#($0)":{"a":[2,{"c":1e1,"d":0}],"b":1}"# }.joined(separator: ",") + "}"
        #expect(try Self.canonical("{" + members.joined(separator: ", ") + "}") == expected)
    }

    /// Objects of plain values take a shorter path (ordered where they are read, copied
    /// once); an escape in a key sends the same object down the general path. Both must
    /// write the same bytes, and the short path the expected ones.
    @Test func flatObjectsTakeTheShortPathToTheSameForm() throws {
        #expect(
            try Self.canonical(
                #"{"title": "Item 5", "rank": 500, "z": -120, "n": 0, "b": true, "a": null, "ab": false, "a!": -7}"#)
                == #"{"a!":-7,"a":null,"ab":false,"b":true,"n":0,"rank":5e2,"title":"Item 5","z":-12e1}"#,
            "keys in byte order, quotes included")
        #expect(
            try Self.canonical(#"{"b":1,"a":2,"a":1}"#) == #"{"a":1,"a":2,"b":1}"#, "repeated keys are ordered by value"
        )
        #expect(try Self.canonical(#"{"b":-0,"a":1.50}"#) == #"{"a":15e-1,"b":0}"#)
        let seed: UInt64 = 31
        var random = SplitMix64(seed: seed)
        let values = [
            #""Item 7""#, #""a longer title of some words""#, #""é😀 accents""#, "0", "-0", "10", "-300", "123",
            "1000000",
            "1.5", "2e3", "true", "false", "null", "[1]", #"{"x":1}"#, "{}", "[]", #""""#
        ]
        for round in 0..<2_000 {
            let keys = ["a", "b", "ab", "a!", "title", "rank", "é", "Z", "key-longer-than-eight", "k"].shuffled(
                using: &random
            )
            .prefix(Int.random(in: 1...10, using: &random))
            let members = keys.map { ($0, values.randomElement(using: &random) ?? "0") }
            let plain = "{" + members.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
            // \u0041 is "A": an escape that leaves the key's text as it was.
            let escaped =
                "{"
                + members.enumerated().map { index, member in
                    let key =
                        index == 0
                        ? "\\u00" + String(member.0.unicodeScalars.first?.value ?? 0x41, radix: 16)
                            + member.0.unicodeScalars.dropFirst().map(String.init).joined() : member.0
                    return #""\#(key)":\#(member.1)"#
                }.joined(separator: ",") + "}"
            #expect(
                try Self.canonical(plain) == Self.canonical(escaped),
                "seed \(seed) round \(round): \(plain) vs \(escaped)")
        }
    }

    @Test func everySpellingHasOneCanonicalFormThatIsItsOwn() throws {
        for seed in UInt64(1)...2_000 {
            var random = SplitMix64(seed: seed)
            let value = Self.value(&random)
            let first = Self.spell(value, &random)
            let second = Self.spell(value, &random)
            let canonical = try Self.canonical(first)
            #expect(try Self.canonical(second) == canonical, "seed \(seed): \(first) vs \(second)")
            #expect(try Self.canonical(canonical) == canonical, "seed \(seed): not idempotent on \(canonical)")
            #expect(
                try WireContent(json: canonical) == WireContent(json: first),
                "seed \(seed): \(canonical) means another value than \(first)")
            #expect(
                !canonical.replacingOccurrences(of: "Item 7", with: "").contains { $0 == " " || $0 == "\n" },
                "seed \(seed): whitespace left in \(canonical)")
        }
    }
}
