import Foundation
import ListDiff
import ListDiffJSON
import ListDiffScenarios
import ListDiffTestRun
import ListDiffWire
import Testing

/// Seeded mutation fuzzing of the wire decoders: random byte edits of valid request bodies
/// must decode or throw a well-formed error — never crash. What decodes must hold unique
/// identifiers (the interning table's duplicate detection is what guarantees it), diff, and
/// write its changeset back as valid JSON. `LISTDIFF_FUZZ_CASES` and `LISTDIFF_FUZZ_SEED` as
/// for the reader's fuzzer.
@Suite(.ownThreads) struct WireFuzzTests {
    static let requests: [[UInt8]] = [
        #"{"old": ["item-100001", "item-100002", "x", "a-very-long-identifier-over-fifteen-bytes"], "new": ["x", "item-100002", "new-1", "a-very-long-identifier-over-fifteen-bytes"]}"#,
        #"{"old": {"sections": [{"id": "s0", "items": ["a", "b", {"id": "c", "content": {"t": "Caf\u00e9", "n": 1.5}}]}, {"id": "s1", "items": [1, 2]}]}, "new": {"sections": [{"id": "s1", "items": ["2", "a"]}, {"id": "s0", "items": [{"id": "c", "content": {"n": 1.50, "t": "Café"}}, "b\u0021"]}], "reloaded": ["a"], "reconfigured": ["b!"]}}"#,
        #"{"new": {"items": ["p", "q"], "reloaded": ["q"]}, "old": {"items": ["q", "p", "r"]}}"#
    ].map { Array($0.utf8) }

    @Test func mutatedRequestsDecodeOrThrow() throws {
        let cases = TestRun.cases("LISTDIFF_FUZZ_CASES", default: 20_000)
        let seed = TestRun.seed("LISTDIFF_FUZZ_SEED") ?? 0x3A17_0F5E
        for request in Self.requests { _ = try WireDecoder.diffRequest(request) }
        var random = SplitMix64(seed: seed)
        var decoded = 0
        var rejected = 0
        var failures = 0
        for index in 0..<cases {
            let input = JSONMutator.mutate(
                Self.requests[Int.random(in: 0..<Self.requests.count, using: &random)], using: &random)
            do {
                let request = try WireDecoder.diffRequest(input)
                decoded += 1
                for snapshot in [request.old, request.new] where (try? WireSnapshot(sections: snapshot.sections)) == nil
                {
                    failures += 1
                    Issue.record(
                        "seed \(seed) case \(index): decoded a snapshot with duplicate identifiers from \(String(decoding: input, as: UTF8.self))"
                    )
                }
                let diff = try WireDiff(from: request.old, to: request.new)
                // Both checked whole and parsed by Foundation (`written`).
                _ = written(WireEncoder.changeset(WireChangeset(diff, sequential: false), flat: request.isFlat))
                _ = written(WireEncoder.sequentialChangeset(diff.sequential, flat: request.isFlat))
            } catch let error as JSONReadError {
                rejected += 1
                if error.offset < 0 || error.offset > input.count || error.line < 1 || error.column < 1
                    || error.expected.isEmpty
                {
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

    /// Operation lists with identifiers long and short (the intern table's two paths; a long
    /// one once crashed `moveItem`), mutated: they decode or throw, and what decodes applies to
    /// a stored-like snapshot or fails with an operation error, all or nothing.
    static let operations: [[UInt8]] = [
        #"{"operations": [{"op": "appendItems", "items": ["a-long-item-identifier-number-one", "b"], "section": "a-long-section-identifier-0"}, {"op": "moveItem", "item": "a-long-item-identifier-number-one", "before": "x"}, {"op": "deleteItems", "items": ["y"]}]}"#,
        #"{"operations": [{"op": "insertSections", "sections": [{"id": "s-long-section-identifier-two", "items": ["z-long-item-identifier-number-2"]}], "after": "a-long-section-identifier-0"}, {"op": "moveSection", "section": "s-long-section-identifier-two", "before": "s1"}, {"op": "reconfigureItems", "items": ["x", "z-long-item-identifier-number-2"]}, {"op": "reloadSections", "sections": ["s1"]}]}"#,
        #"{"operations": [{"op": "insertItems", "items": [{"id": "c-long-item-identifier-with-content", "content": {"n": 1}}], "after": "x"}, {"op": "moveItem", "item": "y", "after": "c-long-item-identifier-with-content"}, {"op": "deleteSections", "sections": ["s1"]}, {"op": "deleteAllItems"}]}"#
    ].map { Array($0.utf8) }

    static let identifierPool = [
        "x", "y", "w", "s1", "b", "a-long-item-identifier-number-one", "a-long-section-identifier-0",
        "z-long-item-identifier-number-2", "unknown-long-identifier-nobody-has", "q"
    ]

    /// Replaces one to three quoted strings (identifiers, or an `op` name now and then) with
    /// identifiers from the pool.
    static func swappingIdentifiers(_ body: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var text = String(decoding: body, as: UTF8.self)
        let quoted = text.split(separator: "\"", omittingEmptySubsequences: false)
        guard quoted.count > 2 else { return body }
        var parts = quoted.map(String.init)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let index = Int.random(in: 0..<(parts.count / 2), using: &random) * 2 + 1
            if index < parts.count { parts[index] = identifierPool.randomElement(using: &random) ?? "x" }
        }
        text = parts.joined(separator: "\"")
        return Array(text.utf8)
    }

    @Test func mutatedOperationsDecodeAndApplyOrThrow() throws {
        let cases = TestRun.cases("LISTDIFF_FUZZ_CASES", default: 20_000)
        let seed = TestRun.seed("LISTDIFF_FUZZ_SEED") ?? 0x0B5E_2A11
        let base = try WireDecoder.snapshot(
            Array(
                #"{"sections": [{"id": "a-long-section-identifier-0", "items": ["x", "y"]}, {"id": "s1", "items": ["w"]}]}"#
                    .utf8)
        ).snapshot
        for operations in Self.operations { _ = try base.applying(try WireDecoder.operations(operations)) }
        var random = SplitMix64(seed: seed)
        var applied = 0
        var refused = 0
        var rejected = 0
        for index in 0..<cases {
            let seedBody = Self.operations[Int.random(in: 0..<Self.operations.count, using: &random)]
            // Half the cases keep the JSON valid and swap identifiers, so the engine sees them.
            let input =
                Bool.random(using: &random)
                ? JSONMutator.mutate(seedBody, using: &random) : Self.swappingIdentifiers(seedBody, using: &random)
            do {
                let operations = try WireDecoder.operations(input)
                do {
                    let result = try base.applying(operations)
                    applied += 1
                    #expect(
                        (try? WireSnapshot(sections: result.sections)) != nil,
                        "seed \(seed) case \(index): repeated identifiers after \(String(decoding: input, as: UTF8.self))"
                    )
                } catch {
                    refused += 1
                    #expect(error.index >= 0 && error.index < operations.count, "seed \(seed) case \(index)")
                }
            } catch {
                rejected += 1
            }
        }
        print(
            "Operations fuzz: seed \(seed), \(cases) cases (\(applied) applied, \(refused) refused by the engine, \(rejected) rejected by the reader)"
        )
        #expect(applied > 0 && refused > 0 && rejected > 0)
    }
}
