import ListDiff

/// Random old/new snapshot pairs for property tests: empty snapshots and sections, section
/// inserts, deletes and moves, item deletes, inserts, moves within and across sections,
/// content changes and marks — all drawn from one seeded generator.
public struct RandomSnapshotPair {
    public typealias Source = Snapshot<Int, Int, Int>

    public let old: Source
    public let new: Source

    /// Builds the pair for `seed`; the same seed always gives the same pair.
    public init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var nextID = 0
        func fresh() -> Int {
            nextID += 1
            return nextID
        }
        let sectionCount = Int.random(in: 0...6, using: &random)
        var sections: [(id: Int, content: Int?, items: [(id: Int, content: Int?)])] = (0..<sectionCount).map { _ in
            (
                fresh(), Bool.random(using: &random) ? Int.random(in: 0...2, using: &random) : nil,
                (0..<Int.random(in: 0...8, using: &random)).map { _ in (fresh(), Int.random(in: 0...3, using: &random))
                }
            )
        }
        old = Self.snapshot(sections)
        let edits = Int.random(in: 0...10, using: &random)
        for _ in 0..<edits {
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where !sections.isEmpty:
                sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
            case 1:
                let items = (0..<Int.random(in: 0...4, using: &random)).map { _ in (fresh(), Int?.some(0)) }
                sections.insert((fresh(), nil, items), at: Int.random(in: 0...sections.count, using: &random))
            case 2 where sections.count > 1:
                let section = sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
                sections.insert(section, at: Int.random(in: 0...sections.count, using: &random))
            case 3 where !sections.isEmpty:
                let s = Int.random(in: 0..<sections.count, using: &random)
                sections[s].content = Int.random(in: 0...2, using: &random)
            case 4, 5:
                guard let (s, i) = Self.randomItem(sections, using: &random) else { continue }
                let item = sections[s].items.remove(at: i)
                let t = Int.random(in: 0..<sections.count, using: &random)
                sections[t].items.insert(item, at: Int.random(in: 0...sections[t].items.count, using: &random))
            case 6:
                guard let (s, i) = Self.randomItem(sections, using: &random) else { continue }
                sections[s].items.remove(at: i)
            case 7 where !sections.isEmpty:
                let s = Int.random(in: 0..<sections.count, using: &random)
                sections[s].items.insert((fresh(), 1), at: Int.random(in: 0...sections[s].items.count, using: &random))
            case 8:
                guard let (s, i) = Self.randomItem(sections, using: &random) else { continue }
                sections[s].items[i].content = Int.random(in: 0...3, using: &random)
            default:
                break
            }
        }
        var new = Self.snapshot(sections)
        let allItems = sections.flatMap { $0.items.map(\.id) }
        if !allItems.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
            try? new.reloadItems([allItems[Int.random(in: 0..<allItems.count, using: &random)]])
            try? new.reconfigureItems([allItems[Int.random(in: 0..<allItems.count, using: &random)]])
        }
        if !sections.isEmpty, Int.random(in: 0..<8, using: &random) == 0 {
            try? new.reloadSections([sections[Int.random(in: 0..<sections.count, using: &random)].id])
        }
        self.new = new
    }

    static func randomItem(
        _ sections: [(id: Int, content: Int?, items: [(id: Int, content: Int?)])], using random: inout SplitMix64
    ) -> (Int, Int)? {
        let filled = sections.indices.filter { !sections[$0].items.isEmpty }
        guard let s = filled.randomElement(using: &random) else { return nil }
        return (s, Int.random(in: 0..<sections[s].items.count, using: &random))
    }

    static func snapshot(_ sections: [(id: Int, content: Int?, items: [(id: Int, content: Int?)])]) -> Source {
        let built = sections.map {
            Source.Section(
                $0.id, content: $0.content,
                items: ContiguousArray($0.items.map { Source.Item($0.id, content: $0.content) }))
        }
        // Identifiers come from one counter, so they are unique by construction.
        return (try? Source(sections: built)) ?? Source()
    }
}
