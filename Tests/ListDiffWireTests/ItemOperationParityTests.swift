import Foundation
import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import ListDiffWire
import Testing

/// The wire's in-place item operations against the engine's generic ones: on seeded random
/// snapshots (marks included) and lists of three random operations — item operations with
/// known, unknown and repeated identifiers, one and many, between section operations that use
/// the engine's item map — both give the same snapshot and marks, or the same error.
/// `LISTDIFF_PARITY_SEED` reruns one case.
@Suite(.ownThreads) struct ItemOperationParityTests {
    static func operation(_ random: inout WireRandom, pool: [WireID], held: [WireID], sections: [WireID])
        -> WireSnapshotOperation
    {
        func ids(_ most: Int) -> [WireID] {
            (0..<Int.random(in: 0...most, using: &random.random)).map { _ in
                pool.randomElement(using: &random.random) ?? "x"
            }
        }
        func items(_ most: Int) -> [WireSnapshot.Item] {
            ids(most).map { WireSnapshot.Item($0, content: random.content()) }
        }
        let one = pool.randomElement(using: &random.random) ?? "x"
        let other = pool.randomElement(using: &random.random) ?? "y"
        let fresh = pool.filter { !held.contains($0) }
        switch Int.random(in: 0..<14, using: &random.random) {
        case 12: return .deleteSections([sections.randomElement(using: &random.random) ?? "s0"])
        case 13:
            let section = WireSnapshot.Section(
                WireID("n\(Int.random(in: 0..<4, using: &random.random))"), items: ContiguousArray(items(3)))
            return .appendSections([section])
        case 9:
            return .deleteItems(
                Array(held.shuffled(using: &random.random).prefix(Int.random(in: 0...14, using: &random.random))))
        case 10:
            return .appendItems(
                fresh.shuffled(using: &random.random).prefix(Int.random(in: 0...12, using: &random.random)).map {
                    WireSnapshot.Item($0)
                }, toSection: nil)
        case 11:
            return .insertItemsAfter(
                fresh.shuffled(using: &random.random).prefix(Int.random(in: 0...12, using: &random.random)).map {
                    WireSnapshot.Item($0)
                }, held.randomElement(using: &random.random) ?? one)
        case 0:
            return .appendItems(
                items(12),
                toSection: Bool.random(using: &random.random) ? nil : sections.randomElement(using: &random.random))
        case 1: return .insertItemsBefore(items(12), one)
        case 2: return .insertItemsAfter(items(12), one)
        case 3: return .deleteItems(ids(14))
        case 4: return .moveItemBefore(one, other)
        case 5: return .moveItemAfter(one, other)
        case 6: return .reloadItems(ids(12))
        case 7: return .reconfigureItems(ids(12))
        default: return .deleteItems([one])
        }
    }

    @Test func wireItemOperationsDoWhatTheEnginesDo() throws {
        let seeds = environmentSeed() ?? Array(0..<UInt64(20_000))
        var outcomes = (applied: 0, refused: 0)
        for seed in seeds {
            var random = WireRandom(seed: seed &* 0x9E37_79B9 &+ 3)
            let pool = random.idPool(24)
            let sectionPool: [WireID] = ["s0", "s1", "s2", "s3"]
            let flat = seed % 4 == 0
            let snapshot = random.snapshot(sectionPool: sectionPool, itemPool: Array(pool.prefix(18)), flat: flat)
            // Each operation drawn from the state the ones before it leave, so most lists apply.
            var operations: [WireSnapshotOperation] = []
            var state = snapshot
            for _ in 0..<3 {
                let next = Self.operation(
                    &random, pool: pool, held: state.itemIdentifiers, sections: state.sectionIdentifiers + ["nope"])
                operations.append(next)
                state = (try? state.applying([next] as [WireSnapshotOperation])) ?? state
            }
            let operation = operations
            let engine = Result { () throws(WireOperationError) -> WireSnapshot in try snapshot.applying(operations) }
            let wire = Result { () throws(WireOperationError) -> WireSnapshot in
                try snapshot.applying(operations.map(WireOperation.snapshot))
            }
            switch (engine, wire) {
            case (.success(let expected), .success(let actual)):
                #expect(
                    actual == expected && actual.reloadedItems == expected.reloadedItems
                        && actual.reconfiguredItems == expected.reconfiguredItems
                        && actual.reloadedSections == expected.reloadedSections,
                    "seed \(seed) (LISTDIFF_PARITY_SEED=\(seed)): \(operation)")
                outcomes.applied += 1
            case (.failure(let expected), .failure(let actual)):
                #expect(actual == expected, "seed \(seed) (LISTDIFF_PARITY_SEED=\(seed)): \(operation)")
                outcomes.refused += 1
            default:
                Issue.record(
                    "seed \(seed) (LISTDIFF_PARITY_SEED=\(seed)): engine \(engine), wire \(wire) for \(operation)")
            }
        }
        print(
            "item operation parity: \(seeds.count) cases, \(outcomes.applied) applied alike, \(outcomes.refused) refused alike"
        )
        #expect(outcomes.applied > 600 && outcomes.refused > 3_000)
    }

    func environmentSeed() -> [UInt64]? {
        TestRun.seed("LISTDIFF_PARITY_SEED").map { [$0] }
    }
}
