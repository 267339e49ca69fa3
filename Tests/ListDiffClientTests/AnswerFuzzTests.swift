import Foundation
import ListDiff
import ListDiffClient
import ListDiffJSON
import ListDiffScenarios
import ListDiffTestRun
import ListDiffWire
import Testing

/// A server answer the client cannot trust: changes answers with values whose numbers (the
/// indexes and places of the changeset) are rewritten at random must be rejected — by the
/// reader, or by the simulator as a plan — or give a plan that UIKit's rules accept. Never a
/// crash. Seeded (`LISTDIFF_FUZZ_SEED`, `LISTDIFF_FUZZ_CASES`).
@Suite(.ownThreads) struct AnswerFuzzTests {
    /// An answer as the service writes it for `include=values`, and the list it applies to.
    static func answer(seed: UInt64) throws -> (old: WireSnapshot, bytes: [UInt8]) {
        var lists = RandomLists(seed: seed)
        let old = try lists.next().snapshot
        let new = try lists.next().snapshot
        let staged = try WireDiff(from: old, to: new).stagedBatch
        let document = WireBatchDocument(
            changeset: staged.changeset, intermediateSnapshots: staged.stages.dropLast().map(\.result))
        let bytes = WireEncoder.changes(
            from: "e.1", to: "e.2", digest: SnapshotDigest.digest(of: new), changeset: .batch(document),
            fresh: WireFreshElements(of: staged.changeset, in: new), rows: nil, flat: false)
        return (old, bytes)
    }

    /// Rewrites one to three numbers of `bytes` (a small index, its neighbour, a negative or a
    /// huge one), or swaps two of them.
    static func mutateNumbers(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var output = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let runs = numberRuns(output)
            guard let run = runs.randomElement(using: &random) else { break }
            let replacement: String
            switch Int.random(in: 0..<5, using: &random) {
            case 0: replacement = String(Int.random(in: 0...12, using: &random))
            case 1:
                replacement = String(
                    (Int(String(decoding: output[run], as: UTF8.self)) ?? 0) &+ Int.random(in: -1...1, using: &random))
            case 2: replacement = "-1"
            case 3: replacement = "9223372036854775807"
            default:
                guard let other = runs.randomElement(using: &random), other != run else { continue }
                let (first, second) = run.lowerBound < other.lowerBound ? (run, other) : (other, run)
                let a = Array(output[first])
                let b = Array(output[second])
                output.replaceSubrange(second, with: a)
                output.replaceSubrange(first, with: b)
                continue
            }
            output.replaceSubrange(run, with: Array(replacement.utf8))
        }
        return output
    }

    /// Ranges of the digit runs outside strings.
    static func numberRuns(_ bytes: [UInt8]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            if index > start { runs.append(start..<index) } else { index += 1 }
        }
        return runs
    }

    @Test func mutatedAnswersAreRejectedOrGiveValidPlans() throws {
        let cases = TestRun.cases("LISTDIFF_FUZZ_CASES", default: 4_000)
        let seed = TestRun.seed("LISTDIFF_FUZZ_SEED") ?? 0xC11E_17
        let answers = try (1...40).map { try Self.answer(seed: $0) }
        var random = SplitMix64(seed: seed)
        var unreadable = 0
        var rejected = 0
        var accepted = 0
        var acceptedChanged = 0
        for index in 0..<cases {
            let (old, original) = answers[Int.random(in: 0..<answers.count, using: &random)]
            let bytes = Self.mutateNumbers(original, using: &random)
            guard
                case .changes(_, .batch(let document), let fresh?)? = try? WireDecoder.changes(bytes, sequential: false)
                    .body
            else {
                unreadable += 1
                continue
            }
            do {
                let plan = try ViewUpdatePlan(applying: document, fresh: fresh, to: old)
                accepted += 1
                if bytes != original { acceptedChanged += 1 }
                // What the simulator built from the fresh elements must pass it as a data source too.
                try plan.verify()
                #expect(
                    (try? WireSnapshot(sections: plan.final.sections)) != nil,
                    "seed \(seed) case \(index): repeated identifiers in the result")
            } catch {
                rejected += 1
            }
        }
        print(
            "answer fuzz: seed \(seed), \(cases) cases: \(unreadable) unreadable, \(rejected) rejected by the simulator, \(accepted) accepted (\(acceptedChanged) of them mutated)"
        )
        #expect(rejected > 0 && accepted > 0)
    }
}
