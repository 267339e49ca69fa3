import Foundation
@_spi(Unchecked) import ListDiff
import ListDiffJSON
import ListDiffScenarios
@testable import ListDiffService
import Testing

/// Seeded random old/new pairs: the reverse delta from new must rebuild old exactly (order,
/// identity and content), however the engine chose to express the change.
/// `LISTDIFF_PROPERTY_CASES=N` sets the number of cases (default 5,000);
/// `LISTDIFF_PROPERTY_SEED=S` reruns one.
@Suite struct ReverseDeltaPropertyTests {
    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["LISTDIFF_PROPERTY_SEED"].flatMap(UInt64.init) { return [seed] }
        let cases = environment["LISTDIFF_PROPERTY_CASES"].flatMap(Int.init) ?? 5_000
        return (0..<UInt64(cases)).map { $0 &* 0x9E37_79B9 &+ 101 }
    }

    @Test func theDeltaRebuildsTheOlderSnapshot() throws {
        var failures = 0
        var payloadItems = 0
        for seed in Self.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            let older = try Self.wire(pair.old)
            let newer = try Self.wire(pair.new)
            let delta = try ReverseDelta(from: newer, to: older)
            let rebuilt = delta.apply(to: newer)
            payloadItems += delta.bytes
            if rebuilt != older || rebuilt.sections.map(\.id) != older.sections.map(\.id) {
                failures += 1
                Issue.record("seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed)): rebuilt \(Self.describe(rebuilt)) != \(Self.describe(older)) (newer \(Self.describe(newer)))")
                if failures >= 5 { return }
            }
        }
        print("reverse delta cases: \(Self.seeds.count) rebuilt exactly; \(payloadItems / max(1, Self.seeds.count)) bytes per delta on average")
    }

    static func describe(_ snapshot: WireSnapshot) -> String {
        snapshot.sections.map { section in
            "\(section.id)(\(section.content?.description ?? "-")): " + section.items.map { "\($0.id)=\($0.content?.description ?? "-")" }.joined(separator: " ")
        }.joined(separator: " | ")
    }

    /// The pair as wire snapshots: identifiers as decimal text, content as JSON numbers.
    static func wire(_ snapshot: RandomSnapshotPair.Source) throws -> WireSnapshot {
        let sections = try snapshot.sections.map { section in
            WireSnapshot.Section(
                WireID(section.id), content: try section.content.map { try WireContent(json: "\($0)") },
                items: ContiguousArray(try section.items.map { WireSnapshot.Item(WireID($0.id), content: try $0.content.map { try WireContent(json: "\($0)") }) })
            )
        }
        return WireSnapshot(uncheckedUniqueSections: ContiguousArray(sections))
    }
}
