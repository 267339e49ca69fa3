import ListDiffScenarios
import ListDiffTestRun
import Testing

@_spi(Unchecked) @testable import ListDiff

/// A diff given its items' codes (``ItemCodes``, as a wire decoder has them) matches items by
/// code instead of hashing them: over seeded random pairs it must equal the hashed diff index
/// for index, find the same repeats, and ignore codes that do not fit. `LISTDIFF_PROPERTY_CASES`
/// and `LISTDIFF_PROPERTY_SEED` as in ``PropertyTests``.
@Suite(.ownThreads) struct ItemCodesTests {
    typealias Diff = SectionedDiff<Int, Int, Int>
    typealias Source = Snapshot<Int, Int, Int>

    /// Codes for both snapshots' items from one table, handed out in a seeded shuffled order
    /// (so that codes follow neither positions nor identifiers), with `unused` codes to spare.
    static func codes(_ old: Source, _ new: Source, seed: UInt64, unused: Int = 0) -> ItemCodes {
        var table: [Int: UInt32] = [:]
        let ids = (old.sections + new.sections).flatMap { $0.items.map(\.id) }
        var numbers = Array(0..<UInt32(ids.count + unused))
        var random = SplitMix64(seed: seed)
        numbers.shuffle(using: &random)
        var next = 0
        func code(_ id: Int) -> UInt32 {
            if let known = table[id] { return known }
            defer { next += 1 }
            table[id] = numbers[next]
            return numbers[next]
        }
        let oldCodes = old.sections.flatMap { $0.items.map { code($0.id) } }
        let newCodes = new.sections.flatMap { $0.items.map { code($0.id) } }
        return ItemCodes(old: oldCodes, new: newCodes, count: numbers.count)
    }

    @Test func codedDiffsEqualHashedOnes() throws {
        var compared = 0
        for seed in PropertyTests.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            guard let hashed = try? Diff(from: pair.old, to: pair.new) else { continue }
            let context = "seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed))"
            let coded = try Diff(
                from: pair.old, to: pair.new, codes: Self.codes(pair.old, pair.new, seed: seed, unused: 3))
            let difference = DerivedDiffTests.difference(coded._indexes, hashed._indexes)
            #expect(difference == nil, "\(context): the coded diff's \(difference ?? "")")
            #expect(coded._indexes.updates == hashed._indexes.updates, "\(context): updates")
            #expect(coded.batch == hashed.batch, "\(context): batch")
            #expect(coded.sequential == hashed.sequential, "\(context): sequential")
            compared += 1
        }
        print("coded diffs compared: \(compared) of \(PropertyTests.seeds.count) pairs")
    }

    /// The codes, not the identifiers, decide what is the same item: two identifiers given one
    /// code are one item (the contract the caller keeps), which shows the codes were used.
    @Test func itemsAreMatchedByTheirCodes() throws {
        let old = try Source(sections: [.init(0, items: [.init(1), .init(2)])])
        let new = try Source(sections: [.init(0, items: [.init(3), .init(2)])])
        let honest = try Diff(from: old, to: new, codes: ItemCodes(old: [0, 1], new: [2, 1], count: 3))
        #expect(honest.batch.updates.isEmpty)
        #expect(honest.batch.stages.first?.itemInserts == [ItemPath(section: 0, item: 0)])
        let sharing = try Diff(from: old, to: new, codes: ItemCodes(old: [0, 1], new: [0, 1], count: 2))
        #expect(sharing.batch.stages.allSatisfy { $0.itemInserts.isEmpty && $0.itemDeletes.isEmpty })
    }

    /// Codes that do not fit the snapshots — other counts, a code out of range — are not used:
    /// the diff hashes, and equals the diff without codes.
    @Test func codesThatDoNotFitAreIgnored() throws {
        let old = try Source(sections: [.init(0, items: [.init(1), .init(2)]), .init(5, items: [.init(4)])])
        let new = try Source(sections: [.init(5, items: [.init(2), .init(3)]), .init(0, items: [.init(1)])])
        let hashed = try Diff(from: old, to: new).batch
        // Each would match item 1 with item 3 if used.
        let misfits = [
            ItemCodes(old: [0, 1], new: [1, 0, 0], count: 3),
            ItemCodes(old: [0, 1, 2], new: [1, 0, 0, 0], count: 3),
            ItemCodes(old: [0, 1, 2], new: [1, 0, 3], count: 3)
        ]
        for codes in misfits { #expect(try Diff(from: old, to: new, codes: codes).batch == hashed, "\(codes)") }
    }

    @Test func repeatsAreFoundByCode() throws {
        let old = try Source(sections: [.init(0, items: [.init(1), .init(2)])])
        let repeats = Source(uncheckedUniqueSections: [
            .init(0, items: [.init(2), .init(3), .init(3), .init(1)]), .init(1, items: [.init(2)])
        ])
        let newCodes = ItemCodes(old: [0, 1], new: [1, 2, 2, 0, 1], count: 3)
        #expect(throws: SectionedDiffError<Int, Int>(side: .new, reason: .duplicateItems([3, 2]))) {
            try Diff(from: old, to: repeats, codes: newCodes)
        }
        let oldRepeats = Source(uncheckedUniqueSections: [.init(0, items: [.init(4), .init(1), .init(4)])])
        #expect(throws: SectionedDiffError<Int, Int>(side: .old, reason: .duplicateItems([4]))) {
            try Diff(from: oldRepeats, to: old, codes: ItemCodes(old: [2, 0, 2], new: [0, 1], count: 3))
        }
    }
}
