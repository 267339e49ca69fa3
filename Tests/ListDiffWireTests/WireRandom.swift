import ListDiff
import ListDiffScenarios
import ListDiffWire

/// Seeded random wire snapshots for round-trip and diff tests.
struct WireRandom {
    var random: SplitMix64

    static let contents: [String?] = [
        nil, "1", "1.0", "10e-1", #"{"a":1,"b":[true,null]}"#, #"{ "b": [true, null], "a": 1 }"#,
        #""x""#, #""\u0078""#, "[1,2]", "[2,1]", #"{"t":"é😀\n"}"#, "false"
    ]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func content() -> WireContent? {
        guard let text = Self.contents.randomElement(using: &random) ?? nil else { return nil }
        return try? WireContent(json: text)
    }

    /// Identifiers drawn from a pool with awkward ones (escapes, non-ASCII, ones of every
    /// length from 16 to 31 bytes, just past the inline ones, long, numeric).
    mutating func idPool(_ count: Int) -> [WireID] {
        (0..<count).map { index in
            switch index % 6 {
            case 0: WireID("i\(index)")
            case 1: WireID("quote\"slash/tilde~\\\(index)")
            case 2: WireID("é😀-\(index)")
            case 3: WireID("a-long-identifier-beyond-thirty-one-bytes-\(index)")
            case 4:
                // 16...31 bytes, distinct by index: a prefix of dashes, then the index.
                WireID(String(repeating: "-", count: max(0, 16 + index % 16 - String(index).count)) + String(index))
            default: WireID(index)
            }
        }
    }

    /// A snapshot over a random subset of the pools, with random marks.
    mutating func snapshot(sectionPool: [WireID], itemPool: [WireID], flat: Bool) -> WireSnapshot {
        var items = itemPool.shuffled(using: &random)
        items = Array(items.prefix(Int.random(in: 0...items.count, using: &random)))
        var sections: [WireSnapshot.Section] = []
        if flat {
            sections = [
                WireSnapshot.Section(
                    WireID.flatSection, items: ContiguousArray(items.map { WireSnapshot.Item($0, content: content()) }))
            ]
        } else {
            let ids = sectionPool.shuffled(using: &random).prefix(Int.random(in: 1...sectionPool.count, using: &random))
            var remaining = items[...]
            for (index, id) in ids.enumerated() {
                let take =
                    index == ids.count - 1 ? remaining.count : Int.random(in: 0...remaining.count, using: &random)
                let chunk = remaining.prefix(take)
                remaining = remaining.dropFirst(take)
                sections.append(
                    WireSnapshot.Section(
                        id, content: content(),
                        items: ContiguousArray(chunk.map { WireSnapshot.Item($0, content: content()) })))
            }
        }
        guard var snapshot = try? WireSnapshot(sections: sections) else { return WireSnapshot() }
        let marked = items.filter { _ in Int.random(in: 0..<8, using: &random) == 0 }
        try? snapshot.reloadItems(marked.filter { _ in Bool.random(using: &random) })
        try? snapshot.reconfigureItems(marked.filter { _ in Bool.random(using: &random) })
        if !flat {
            try? snapshot.reloadSections(
                snapshot.sectionIdentifiers.filter { _ in Int.random(in: 0..<6, using: &random) == 0 })
        }
        return snapshot
    }
}
