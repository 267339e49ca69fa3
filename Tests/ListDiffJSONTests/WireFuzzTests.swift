import Foundation
import Testing
import ListDiff
import ListDiffJSON

/// Seeded mutation fuzzing of the wire decoders: random byte edits of valid request bodies
/// must decode or throw a well-formed error — never crash. What decodes must hold unique
/// identifiers (the interning table's duplicate detection is what guarantees it), diff, and
/// write its changeset back as valid JSON. `LISTDIFF_FUZZ_CASES` and `LISTDIFF_FUZZ_SEED` as
/// for the reader's fuzzer.
@Suite struct WireFuzzTests {
    static let requests: [[UInt8]] = [
        #"{"old": ["item-100001", "item-100002", "x", "a-very-long-identifier-over-fifteen-bytes"], "new": ["x", "item-100002", "new-1", "a-very-long-identifier-over-fifteen-bytes"]}"#,
        #"{"old": {"sections": [{"id": "s0", "items": ["a", "b", {"id": "c", "content": {"t": "Caf\u00e9", "n": 1.5}}]}, {"id": "s1", "items": [1, 2]}]}, "new": {"sections": [{"id": "s1", "items": ["2", "a"]}, {"id": "s0", "items": [{"id": "c", "content": {"n": 1.50, "t": "Café"}}, "b\u0021"]}], "reloaded": ["a"], "reconfigured": ["b!"]}}"#,
        #"{"new": {"items": ["p", "q"], "reloaded": ["q"]}, "old": {"items": ["q", "p", "r"]}}"#,
    ].map { Array($0.utf8) }

    @Test func mutatedRequestsDecodeOrThrow() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["LISTDIFF_FUZZ_CASES"].flatMap(Int.init) ?? 20_000
        let seed = environment["LISTDIFF_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x3A17_0F5E
        for request in Self.requests { _ = try WireDecoder.diffRequest(request) }
        var random = TestRandom(seed: seed)
        var decoded = 0
        var rejected = 0
        var failures = 0
        for index in 0..<cases {
            let input = FuzzTests.mutate(Self.requests[Int.random(in: 0..<Self.requests.count, using: &random)], using: &random)
            do {
                let request = try WireDecoder.diffRequest(input)
                decoded += 1
                for snapshot in [request.old, request.new] where (try? WireSnapshot(sections: snapshot.sections)) == nil {
                    failures += 1
                    Issue.record("seed \(seed) case \(index): decoded a snapshot with duplicate identifiers from \(String(decoding: input, as: UTF8.self))")
                }
                let diff = try WireDiff(from: request.old, to: request.new)
                var batch = JSONWriter()
                batch.writeBatch(diff, flat: request.isFlat)
                try JSONValidator.validate(batch.bytes)
                var sequential = JSONWriter()
                sequential.writeSequential(diff.sequential, flat: request.isFlat)
                try JSONValidator.validate(sequential.bytes)
            } catch let error as JSONReadError {
                rejected += 1
                if error.offset < 0 || error.offset > input.count || error.line < 1 || error.column < 1 || error.expected.isEmpty {
                    failures += 1
                    Issue.record("seed \(seed) case \(index): malformed error \(error)")
                }
            } catch {
                failures += 1
                Issue.record("seed \(seed) case \(index): \(error) for \(String(decoding: input, as: UTF8.self))")
            }
            if failures > 10 { break }
        }
        print("Wire fuzz: seed \(seed), \(cases) cases (\(decoded) decoded, \(rejected) rejected)")
        #expect(failures == 0, "seed \(seed): rerun with LISTDIFF_FUZZ_SEED=\(seed)")
    }
}
