// How each library diffs a scenario's snapshots. Inputs are converted outside the timed
// closures; each closure runs one whole diff and returns its operation counts.
import DifferenceKit
import ListDiff
import ListKit

/// Operations of one diff, summed over stages: section deletes/inserts/moves, item
/// deletes/inserts/moves, and updates (reloads and reconfigures).
struct Counts: Equatable {
    var sectionDeletes = 0
    var sectionInserts = 0
    var sectionMoves = 0
    var deletes = 0
    var inserts = 0
    var moves = 0
    var updates = 0
}

/// One library's way of solving a scenario.
struct Contender {
    let library: String
    let diff: () -> Counts
}

// The identifiers themselves, as a DifferenceKit user diffing plain arrays declares them.
// swift-format-ignore: AvoidRetroactiveConformances
extension Int: @retroactive Differentiable {}
// swift-format-ignore: AvoidRetroactiveConformances
extension String: @retroactive Differentiable {}

/// g's items for DifferenceKit: the identifier identifies, the content is compared.
struct ContentItem: Differentiable {
    let id: Int
    let content: Int?
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: ContentItem) -> Bool { content == source.content }
}

enum Contenders {
    static func listDiff<I, C>(_ old: Snapshot<Int, I, C>, _ new: Snapshot<Int, I, C>) -> Contender {
        Contender(library: "ListDiff") {
            guard let diff = try? SectionedDiff(from: old, to: new) else { preconditionFailure("invalid scenario") }
            let counts = diff.batch.counts
            return Counts(
                sectionDeletes: counts.sectionDeletes, sectionInserts: counts.sectionInserts,
                sectionMoves: counts.sectionMoves, deletes: counts.itemDeletes, inserts: counts.itemInserts,
                moves: counts.itemMoves,
                updates: counts.sectionReloads + counts.itemReloads + counts.itemReconfigures)
        }
    }

    /// One section: DifferenceKit's flat diff, ListKit's Heckel diff and ListKit's sectioned
    /// diff of a one-section snapshot.
    static func flatPeers<I: Hashable & Sendable & Differentiable>(
        _ old: [I], _ new: [I], heckel: @escaping ([I], [I]) -> ListKitCounts,
        sectioned: @escaping (DiffableDataSourceSnapshot<Int, I>, DiffableDataSourceSnapshot<Int, I>) -> ListKitCounts
    ) -> [Contender] {
        let oldSnapshot = DiffableDataSourceSnapshot<Int, I>(sections: [(0, old)])
        let newSnapshot = DiffableDataSourceSnapshot<Int, I>(sections: [(0, new)])
        return [
            Contender(library: "DifferenceKit (flat)") { counts(StagedChangeset(source: old, target: new)) },
            Contender(library: "ListKit Heckel (flat)") { counts(heckel(old, new)) },
            Contender(library: "ListKit sectioned") { counts(sectioned(oldSnapshot, newSnapshot)) }
        ]
    }

    /// Several sections: DifferenceKit's ArraySection diff and ListKit's sectioned diff.
    static func sectionedPeers(_ old: [(Int, [Int])], _ new: [(Int, [Int])]) -> [Contender] {
        let oldSections = old.map { ArraySection(model: $0.0, elements: $0.1) }
        let newSections = new.map { ArraySection(model: $0.0, elements: $0.1) }
        let oldSnapshot = DiffableDataSourceSnapshot<Int, Int>(sections: old)
        let newSnapshot = DiffableDataSourceSnapshot<Int, Int>(sections: new)
        return [
            Contender(library: "DifferenceKit (sections)") {
                counts(StagedChangeset(source: oldSections, target: newSections))
            },
            Contender(library: "ListKit sectioned") { counts(ListKitBench.sectioned(oldSnapshot, newSnapshot)) }
        ]
    }

    /// Contents compared: only DifferenceKit compares item contents (ListKit reconfigures
    /// only the items the caller names).
    static func contentPeers(_ old: [ContentItem], _ new: [ContentItem]) -> [Contender] {
        [Contender(library: "DifferenceKit (flat)") { counts(StagedChangeset(source: old, target: new)) }]
    }

    static func counts<C>(_ staged: StagedChangeset<C>) -> Counts {
        var counts = Counts()
        for stage in staged {
            counts.sectionDeletes += stage.sectionDeleted.count
            counts.sectionInserts += stage.sectionInserted.count
            counts.sectionMoves += stage.sectionMoved.count
            counts.deletes += stage.elementDeleted.count
            counts.inserts += stage.elementInserted.count
            counts.moves += stage.elementMoved.count
            counts.updates += stage.sectionUpdated.count + stage.elementUpdated.count
        }
        return counts
    }

    static func counts(_ listKit: ListKitCounts) -> Counts {
        Counts(
            sectionDeletes: listKit.sectionDeletes, sectionInserts: listKit.sectionInserts,
            sectionMoves: listKit.sectionMoves, deletes: listKit.deletes, inserts: listKit.inserts,
            moves: listKit.moves, updates: listKit.updates)
    }
}
