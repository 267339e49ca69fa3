import Foundation
import ListDiffJSON
import ListDiffScenarios
import Testing

/// Seeded mutation fuzzing: random byte edits of valid bodies must validate or throw a
/// well-formed error — never crash or hang. `LISTDIFF_FUZZ_CASES` sets the number of cases
/// (default 30,000), `LISTDIFF_FUZZ_SEED` the seed.
@Suite struct FuzzTests {
    static let corpus: [[UInt8]] = [
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

    static func mutate(_ input: [UInt8], using random: inout SplitMix64) -> [UInt8] {
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

    /// Reads any value through the caller-driven API (begin/next/read), as a schema decoder would.
    static func drive(_ reader: inout JSONReader) throws(JSONReadError) {
        switch try reader.peekKind() {
        case .object:
            try reader.beginObject()
            while try reader.nextMember() != nil { try drive(&reader) }
        case .array:
            try reader.beginArray()
            while try reader.hasNextElement() { try drive(&reader) }
        case .string: _ = try reader.readString()
        case .number: _ = try reader.readNumberBytes()
        case .bool: _ = try reader.readBool()
        case .null: try reader.readNull()
        }
    }

    /// The error of reading `input` through the caller-driven API, or nil.
    static func drivenError(_ input: [UInt8]) -> JSONReadError? {
        do {
            try JSONReader.read(input) { (reader) throws(JSONReadError) in
                try drive(&reader)
                try reader.finish()
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func mutatedBodiesValidateOrThrow() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["LISTDIFF_FUZZ_CASES"].flatMap(Int.init) ?? 30_000
        let seed = environment["LISTDIFF_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x11D1_FF00
        for document in Self.corpus {
            try JSONValidator.validate(document)
        }
        var random = SplitMix64(seed: seed)
        var accepted = 0
        var rejected = 0
        var failures = 0
        let started = ContinuousClock.now
        for index in 0..<cases {
            let source = Self.corpus[Int.random(in: 0..<Self.corpus.count, using: &random)]
            let input = Self.mutate(source, using: &random)
            do {
                try JSONValidator.validate(input)
                accepted += 1
                let captured = try JSONReader.read(input) { (reader) throws(JSONReadError) in
                    let value = try reader.captureValue()
                    try reader.finish()
                    return value
                }
                if captured.range.isEmpty || captured.range.upperBound > input.count {
                    failures += 1
                    Issue.record("seed \(seed) case \(index): bad capture range \(captured.range)")
                }
            } catch {
                rejected += 1
                let sane =
                    error.offset >= 0 && error.offset <= input.count && error.line >= 1 && error.column >= 1
                    && !error.expected.isEmpty && !error.found.isEmpty
                if !sane {
                    failures += 1
                    Issue.record("seed \(seed) case \(index): malformed error \(error) for \(input)")
                }
            }
            if index % 4 == 0 {
                var validatorOffset: Int?
                do { try JSONValidator.validate(input) } catch { validatorOffset = error.offset }
                let driven = Self.drivenError(input)
                if driven?.offset != validatorOffset {
                    failures += 1
                    Issue.record(
                        "seed \(seed) case \(index): driven read \(String(describing: driven)) disagrees with validation at \(String(describing: validatorOffset)) for \(input)"
                    )
                }
            }
            if failures > 10 { break }
        }
        let elapsed = ContinuousClock.now - started
        print("Fuzz: seed \(seed), \(cases) cases (\(accepted) accepted, \(rejected) rejected) in \(elapsed)")
        #expect(accepted + rejected == cases || failures > 0, "seed \(seed)")
        #expect(failures == 0, "seed \(seed): rerun with LISTDIFF_FUZZ_SEED=\(seed)")
    }

    @Test func truncationsOfValidBodiesAreRejectedCleanly() {
        for document in Self.corpus {
            for length in 0..<document.count {
                let prefix = Array(document[..<length])
                do {
                    try JSONValidator.validate(prefix)
                } catch {
                    #expect(error.offset <= prefix.count)
                }
            }
        }
    }
}
