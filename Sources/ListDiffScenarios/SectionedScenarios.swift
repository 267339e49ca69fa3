@_spi(Unchecked) import ListDiff

extension StandardScenarios {
    /// e: 100 sections × 100 items; with one SplitMix64 (seed 7): 450 item deletes, 450
    /// inserts of new identifiers from 1_000_000, 50 cross-section and 50 intra-section moves.
    public static func e() -> (old: IntSnapshot, new: IntSnapshot) {
        let (old, new, _) = eSections()
        return (sectioned(old), sectioned(new))
    }

    /// e2: e, then sections at indexes 20 and 10 deleted, new sections 500 at 5 and 501 at 50
    /// (100 new items each), section 30 moved to index 0, 60 to the end, 90 to index 40.
    public static func e2() -> (old: IntSnapshot, new: IntSnapshot) {
        var (old, new, nextID) = eSections()
        new.remove(at: 20)
        new.remove(at: 10)
        func freshSection(_ id: Int) -> (Int, [Int]) {
            defer { nextID += 100 }
            return (id, Array(nextID..<(nextID + 100)))
        }
        new.insert(freshSection(500), at: 5)
        new.insert(freshSection(501), at: 50)
        func move(_ id: Int, to index: Int?) {
            guard let from = new.firstIndex(where: { $0.0 == id }) else { return }
            let section = new.remove(at: from)
            new.insert(section, at: index ?? new.count)
        }
        move(30, to: 0)
        move(60, to: nil)
        move(90, to: 40)
        return (sectioned(old), sectioned(new))
    }

    static func eSections() -> (old: [(Int, [Int])], new: [(Int, [Int])], nextID: Int) {
        let old = (0..<100).map { s in (s, Array((s * 100)..<(s * 100 + 100))) }
        var new = old.map(\.1)
        var random = SplitMix64(seed: 7)
        func randomItem() -> (Int, Int) {
            while true {
                let s = Int.random(in: 0..<new.count, using: &random)
                if !new[s].isEmpty { return (s, Int.random(in: 0..<new[s].count, using: &random)) }
            }
        }
        for _ in 0..<450 {
            let (s, i) = randomItem()
            new[s].remove(at: i)
        }
        var nextID = 1_000_000
        for _ in 0..<450 {
            let s = Int.random(in: 0..<100, using: &random)
            new[s].insert(nextID, at: Int.random(in: 0...new[s].count, using: &random))
            nextID += 1
        }
        for _ in 0..<50 {
            let (s, i) = randomItem()
            let x = new[s].remove(at: i)
            var t = Int.random(in: 0..<100, using: &random)
            if t == s { t = (t + 1) % 100 }
            new[t].insert(x, at: Int.random(in: 0...new[t].count, using: &random))
        }
        for _ in 0..<50 {
            let (s, i) = randomItem()
            let x = new[s].remove(at: i)
            new[s].insert(x, at: Int.random(in: 0...new[s].count, using: &random))
        }
        return (old, new.enumerated().map { ($0.offset, $0.element) }, nextID)
    }

    static func sectioned(_ sections: [(Int, [Int])]) -> IntSnapshot {
        IntSnapshot(
            uncheckedUniqueSections: ContiguousArray(
                sections.map { id, items in
                    IntSnapshot.Section(id, items: ContiguousArray(items.map { IntSnapshot.Item($0) }))
                }))
    }
}
