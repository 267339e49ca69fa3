import Foundation
import ListDiffJSON
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// Seeded mutation fuzzing: random byte edits of valid bodies must validate or throw a
/// well-formed error — never crash or hang. `LISTDIFF_FUZZ_CASES` sets the number of cases
/// (default 30,000), `LISTDIFF_FUZZ_SEED` the seed.
@Suite(.ownThreads) struct FuzzTests {
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
        let cases = TestRun.cases("LISTDIFF_FUZZ_CASES", default: 30_000)
        let seed = TestRun.seed("LISTDIFF_FUZZ_SEED") ?? 0x11D1_FF00
        for document in JSONMutator.corpus {
            try JSONValidator.validate(document)
        }
        var random = SplitMix64(seed: seed)
        var accepted = 0
        var rejected = 0
        var failures = 0
        let started = ContinuousClock.now
        for index in 0..<cases {
            let source = JSONMutator.corpus[Int.random(in: 0..<JSONMutator.corpus.count, using: &random)]
            let input = JSONMutator.mutate(source, using: &random)
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
        for document in JSONMutator.corpus {
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
