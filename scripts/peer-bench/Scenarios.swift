// The standard scenarios (built by the checkout's ListDiffScenarios) and, for each, the
// peer APIs that solve the same problem.
import DifferenceKit
import ListDiff
import ListKit
import PeerScenarios // the checkout's Sources/ListDiffScenarios, compiled here

struct PeerScenario {
    let name: String
    let build: () -> [Contender]

    static var all: [PeerScenario] {
        [
            flat("a", StandardScenarios.a),
            flat("a-str", StandardScenarios.aString), flat("a-str41", StandardScenarios.aString41),
            flat("b", StandardScenarios.b),
            flat("c", StandardScenarios.c), flat("d", StandardScenarios.d), flat("d2", StandardScenarios.d2),
            sectioned("e", StandardScenarios.e), sectioned("e2", StandardScenarios.e2),
            flat("f", StandardScenarios.f), flat("f2", StandardScenarios.f2),
            PeerScenario(name: "g") {
                let (old, new) = StandardScenarios.g()
                return [Contenders.listDiff(old, new)] + Contenders.contentPeers(contentItems(old), contentItems(new))
            }
        ]
    }

    /// One section: ListDiff and the flat peers.
    static func flat<I: ListKitIdentifier>(
        _ name: String, _ pair: @escaping () -> (old: Snapshot<Int, I, Never>, new: Snapshot<Int, I, Never>)
    ) -> PeerScenario {
        PeerScenario(name: name) {
            let (old, new) = pair()
            return [Contenders.listDiff(old, new)]
                + Contenders.flatPeers(identifiers(old), identifiers(new), heckel: I.heckel, sectioned: I.sectioned)
        }
    }

    static func sectioned(
        _ name: String, _ pair: @escaping () -> (old: StandardScenarios.IntSnapshot, new: StandardScenarios.IntSnapshot)
    ) -> PeerScenario {
        PeerScenario(name: name) {
            let (old, new) = pair()
            return [Contenders.listDiff(old, new)] + Contenders.sectionedPeers(sections(old), sections(new))
        }
    }

    /// The identifiers of a one-section snapshot, in a buffer of their own.
    static func identifiers<I, C>(_ snapshot: Snapshot<Int, I, C>) -> [I] {
        snapshot.sections.flatMap { $0.items.map(\.id) }
    }

    static func sections<I, C>(_ snapshot: Snapshot<Int, I, C>) -> [(Int, [I])] {
        snapshot.sections.map { ($0.id, $0.items.map(\.id)) }
    }

    static func contentItems(_ snapshot: StandardScenarios.ContentSnapshot) -> [ContentItem] {
        snapshot.sections.flatMap { $0.items.map { ContentItem(id: $0.id, content: $0.content) } }
    }
}

/// An identifier type ListKit's entry points are specialised for.
protocol ListKitIdentifier: Hashable, Sendable, Differentiable {
    static func heckel(_ old: [Self], _ new: [Self]) -> ListKitCounts
    static func sectioned(
        _ old: DiffableDataSourceSnapshot<Int, Self>, _ new: DiffableDataSourceSnapshot<Int, Self>
    ) -> ListKitCounts
}

extension Int: ListKitIdentifier {
    static func heckel(_ old: [Int], _ new: [Int]) -> ListKitCounts { ListKitBench.heckel(old, new) }
    static func sectioned(
        _ old: DiffableDataSourceSnapshot<Int, Int>, _ new: DiffableDataSourceSnapshot<Int, Int>
    ) -> ListKitCounts { ListKitBench.sectioned(old, new) }
}

extension String: ListKitIdentifier {
    static func heckel(_ old: [String], _ new: [String]) -> ListKitCounts { ListKitBench.heckel(old, new) }
    static func sectioned(
        _ old: DiffableDataSourceSnapshot<Int, String>, _ new: DiffableDataSourceSnapshot<Int, String>
    ) -> ListKitCounts { ListKitBench.sectioned(old, new) }
}
