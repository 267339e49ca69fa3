import ListDiffClient
import ListDiffScenarios
import ListDiffWire

/// Seeded random sectioned lists with content, each a plausible next version of a feed:
/// sections come and go and reorder, items move between them, content changes.
struct RandomLists {
    struct Card: Codable, Equatable {
        var title: String
        var score: Int
    }

    var random: SplitMix64
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    mutating func next() throws -> WireSnapshotDocument {
        var list = SnapshotBuilder()
        let sections = (0..<6).map { "s\($0)" }.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random))
        var items = (0..<80).map { "i\($0)" }.shuffled(using: &random).prefix(Int.random(in: 10...60, using: &random))[
            ...]
        for section in sections {
            try list.appendSection(
                WireID(section),
                content: Int.random(in: 0..<4, using: &random) == 0
                    ? Card(title: section, score: Int.random(in: 0..<3, using: &random)) : nil)
            let count = min(items.count, Int.random(in: 0...20, using: &random))
            for id in items.prefix(count) {
                let content =
                    Int.random(in: 0..<3, using: &random) == 0
                    ? nil : Card(title: id, score: Int.random(in: 0..<4, using: &random))
                try list.appendItem(WireID(id), content: content)
            }
            items = items.dropFirst(count)
        }
        return list.document
    }
}
