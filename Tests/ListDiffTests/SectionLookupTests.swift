import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// A snapshot finds a section by scanning while it has few (up to eight) and through an index
/// past that: over seeded random section operations that cross the limit both ways, every
/// section is found where it is, a removed one nowhere, and item paths follow.
@Suite(.ownThreads) struct SectionLookupTests {
    typealias Source = Snapshot<Int, Int, Never>

    static func expectLookups(_ snapshot: Source, removed: Set<Int>, _ context: String) {
        for (position, id) in snapshot.sectionIdentifiers.enumerated() {
            #expect(snapshot.indexOfSection(id) == position, "\(context): section \(id)")
            let items = snapshot.sections[position].items
            if let last = items.last {
                #expect(
                    snapshot.indexPathOfItem(last.id) == ItemPath(section: position, item: items.count - 1),
                    "\(context): item \(last.id)")
            }
        }
        for id in removed { #expect(snapshot.indexOfSection(id) == nil, "\(context): removed section \(id)") }
    }

    /// Repeated sections are reported alike whether they are found by scanning or by index:
    /// each repeat after the first, in order.
    @Test(arguments: [3, 12])
    func repeatedSectionsAreReportedOnBothSidesOfTheLimit(count: Int) {
        let ids = Array(0..<count) + [1, 0, 1]
        #expect(throws: SnapshotError<Int, Int>.duplicateSections([1, 0, 1])) {
            try Source(sections: ids.map { Source.Section($0) })
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func sectionsAreFoundAcrossTheScanLimit(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var snapshot = try Source(sections: (0..<Int.random(in: 0...12, using: &random)).map { Source.Section($0) })
        var next = 100
        var removed = Set<Int>()
        for step in 0..<60 {
            let ids = snapshot.sectionIdentifiers
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where !ids.isEmpty:
                let anchor = ids.randomElement(using: &random) ?? 0
                let added = (0..<Int.random(in: 1...3, using: &random)).map { offset in
                    Source.Section(next + offset, items: [Source.Item(10_000 + next + offset)])
                }
                next += added.count
                try snapshot.insertSections(added, afterSection: anchor)
            case 1 where ids.count > 1:
                let moving = ids.randomElement(using: &random) ?? 0
                guard let anchor = ids.filter({ $0 != moving }).randomElement(using: &random) else { continue }
                try snapshot.moveSection(moving, beforeSection: anchor)
            case 2 where !ids.isEmpty:
                let doomed = Array(ids.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
                try snapshot.deleteSections(doomed)
                removed.formUnion(doomed)
            default:
                try snapshot.appendSections([Source.Section(next)])
                next += 1
            }
            Self.expectLookups(snapshot, removed: removed, "seed \(seed), step \(step), \(ids.count) sections before")
        }
    }
}
