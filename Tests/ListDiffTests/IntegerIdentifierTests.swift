@_spi(Unchecked) import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// Integer identifiers take one of two symbol tables: a direct one indexed by the
/// identifier's offset from the smallest when they lie close together, a hashed one
/// otherwise. The changeset must not depend on which, nor on the identifiers' type or sign.
@Suite(.ownThreads) struct IntegerIdentifierTests {
    /// The random pairs' identifiers are small and dense (the direct table); the same pairs
    /// with identifiers spread far apart, shifted across zero, near the top of `UInt64` or
    /// as `Int32` must give the same changeset.
    ///
    /// A quarter of ``PropertyTests``' cases (`LISTDIFF_PROPERTY_CASES`, so the long run covers
    /// both tables too), on the same seeds.
    @Test func theChangesetIsTheSameWhereverTheIdentifiersLie() throws {
        let seeds = PropertyTests.seeds.prefix(max(1, PropertyTests.seeds.count / 4))
        for seed in seeds {
            let pair = RandomSnapshotPair(seed: seed)
            let expected = try SectionedDiff(from: pair.old, to: pair.new).batch
            func check<ID: Hashable & Sendable>(_ name: String, _ map: (Int) -> ID) throws {
                let batch = try SectionedDiff(from: Self.remap(pair.old, map), to: Self.remap(pair.new, map)).batch
                #expect(batch == expected, "seed \(seed), identifiers \(name)")
            }
            try check("spread apart (hashed)") { $0 &* 1_000_003 }
            try check("alternating in sign, spread apart (hashed)") { $0 % 2 == 0 ? $0 &* 1_000_003 : -$0 &* 1_000_003 }
            try check("shifted across zero") { $0 - 40 }
            try check("Int64 near the bottom") { Int64.min + Int64($0) }
            try check("UInt64 near the top") { UInt64.max - UInt64($0) }
            try check("Int32") { Int32($0) - 20 }
        }
        print("integer identifier cases: \(seeds.count) pairs, each in six spreads")
    }

    @Test func repeatsAreFoundByBothTables() throws {
        let old = try Snapshot<Int, Int, Never>(sections: [.init(0, items: [.init(1), .init(2)])])
        typealias Unchecked = Snapshot<Int, Int, Never>
        for spread in [1, 1_000_003] {
            func section(_ id: Int, _ ids: [Int]) -> Unchecked.Section {
                Unchecked.Section(id, items: ContiguousArray(ids.map { Unchecked.Item($0 * spread) }))
            }
            let newRepeats = Unchecked(uncheckedUniqueSections: [section(0, [2, 3, 3, 1]), section(1, [2])])
            #expect(
                throws: SectionedDiffError<Int, Int>(side: .new, reason: .duplicateItems([3 * spread, 2 * spread])),
                "spread \(spread)"
            ) {
                try SectionedDiff(from: old, to: newRepeats)
            }
            let oldRepeats = Unchecked(uncheckedUniqueSections: [section(0, [4, 1, 4])])
            #expect(
                throws: SectionedDiffError<Int, Int>(side: .old, reason: .duplicateItems([4 * spread])),
                "spread \(spread)"
            ) {
                try SectionedDiff(from: oldRepeats, to: old)
            }
        }
    }

    static func remap<ID: Hashable & Sendable>(_ snapshot: Snapshot<Int, Int, Int>, _ map: (Int) -> ID) throws
        -> Snapshot<Int, ID, Int>
    {
        var result = try Snapshot<Int, ID, Int>(
            sections: snapshot.sections.map { section in
                .init(
                    section.id, content: section.content,
                    items: ContiguousArray(section.items.map { .init(map($0.id), content: $0.content) }))
            })
        try result.reloadItems(snapshot.reloadedItems.map(map))
        try result.reconfigureItems(snapshot.reconfiguredItems.map(map))
        try result.reloadSections(Array(snapshot.reloadedSections))
        return result
    }
}
