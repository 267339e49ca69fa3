import Foundation
@_spi(Unchecked) import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import ListDiffWire
import Testing

@testable import ListDiffStore

/// Seeded random old/new pairs: the reverse delta from new must rebuild old exactly (order,
/// identity and content), however the engine chose to express the change.
/// `LISTDIFF_PROPERTY_CASES=N` sets the number of cases (default 5,000);
/// `LISTDIFF_PROPERTY_SEED=S` reruns one.
@Suite(.ownThreads) struct ReverseDeltaPropertyTests {
    static var seeds: [UInt64] {
        if let seed = TestRun.seed("LISTDIFF_PROPERTY_SEED") { return [seed] }
        let cases = TestRun.cases("LISTDIFF_PROPERTY_CASES", default: 5_000)
        return (0..<UInt64(cases)).map { $0 &* 0x9E37_79B9 &+ 101 }
    }

    @Test func theDeltaRebuildsTheOlderSnapshot() throws {
        var failures = 0
        var payloadItems = 0
        for seed in Self.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            let older = try Self.wire(pair.old)
            let newer = try Self.wire(pair.new)
            let delta = ReverseDelta(from: newer, to: older)
            let rebuilt = delta.apply(to: newer)
            payloadItems += delta.bytes
            if rebuilt != older || rebuilt.sections.map(\.id) != older.sections.map(\.id) {
                failures += 1
                Issue.record(
                    "seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed)): rebuilt \(Self.describe(rebuilt)) != \(Self.describe(older)) (newer \(Self.describe(newer)))"
                )
                if failures >= 5 { return }
            }
        }
        print(
            "reverse delta cases: \(Self.seeds.count) rebuilt exactly; \(payloadItems / max(1, Self.seeds.count)) bytes per delta on average"
        )
    }

    /// A shuffle is the worst case for the delta's size (one run per item) and once was for
    /// its time (an array shift per move): 20,000 items shuffled across three sections, some
    /// replaced, with content changes, must come back exactly.
    @Test func aShuffledListIsRebuiltExactly() throws {
        var random = SplitMix64(seed: 42)
        func section(_ id: String, _ items: ArraySlice<Int>, content: Int) throws -> WireSnapshot.Section {
            WireSnapshot.Section(
                WireID(id),
                items: ContiguousArray(
                    try items.map {
                        WireSnapshot.Item(WireID($0), content: try WireContent(json: "\($0 % 7 == 0 ? content : 0)"))
                    }))
        }
        let ids = Array(0..<20_000)
        let older = WireSnapshot(uncheckedUniqueSections: [
            try section("a", ids[0..<7_000], content: 1), try section("b", ids[7_000..<14_000], content: 1),
            try section("c", ids[14_000...], content: 1)
        ])
        var shuffled = ids.shuffled(using: &random)
        for index in stride(from: 0, to: shuffled.count, by: 50) { shuffled[index] += 100_000 }
        let newer = WireSnapshot(uncheckedUniqueSections: [
            try section("c", shuffled[0..<5_000], content: 2), try section("a", shuffled[5_000..<15_000], content: 2),
            try section("d", shuffled[15_000...], content: 2)
        ])
        let delta = ReverseDelta(from: newer, to: older)
        #expect(delta.apply(to: newer) == older)
        print("shuffled 20,000 items: delta of \(delta.bytes) bytes")
    }

    static func describe(_ snapshot: WireSnapshot) -> String {
        snapshot.sections.map { section in
            "\(section.id)(\(section.content?.description ?? "-")): "
                + section.items.map { "\($0.id)=\($0.content?.description ?? "-")" }.joined(separator: " ")
        }.joined(separator: " | ")
    }

    /// The pair as wire snapshots: identifiers as decimal text, content as JSON numbers.
    static func wire(_ snapshot: RandomSnapshotPair.Source) throws -> WireSnapshot {
        let sections = try snapshot.sections.map { section in
            WireSnapshot.Section(
                WireID(section.id), content: try section.content.map { try WireContent(json: "\($0)") },
                items: ContiguousArray(
                    try section.items.map {
                        WireSnapshot.Item(WireID($0.id), content: try $0.content.map { try WireContent(json: "\($0)") })
                    })
            )
        }
        return WireSnapshot(uncheckedUniqueSections: ContiguousArray(sections))
    }
}
