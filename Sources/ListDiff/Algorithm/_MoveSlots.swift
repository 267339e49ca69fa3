/// Turns the moves of one list into sequential (from, to) indexes in O(log n) each.
///
/// Moves are applied in target order and each mover is put just after its predecessor in
/// the target order; then stable elements keep their old relative order and every mover
/// ends next to its predecessor, so after the last move the list is in target order. That
/// makes every element's place a fixed slot known up front: old element `i` sits in its own
/// slot until it moves; movers anchored after stable old element `a` (or at the front) take
/// the slots right after `a`'s, in target order. A Fenwick tree over occupied slots gives
/// any slot's current index.
@usableFromInline
struct _MoveSlots {
    @usableFromInline var tree: _FenwickTree
    @usableFromInline var oldSlot: [Int32]
    /// Next free slot of each anchor's chain: index 0 is the front, `a + 1` follows old `a`.
    @usableFromInline var chainNext: [Int32]

    /// - Parameters:
    ///   - chainLengths: movers per anchor (index 0 the front, `a + 1` after old element `a`).
    ///   - present: whether old element `i` is in the list when the moves start.
    @usableFromInline
    init(oldCount: Int, chainLengths: [Int32], present: (Int) -> Bool) {
        oldSlot = [Int32](_filling: 0, count: oldCount)
        chainNext = [Int32](_filling: 0, count: oldCount + 1)
        var next: Int32 = 0
        chainNext[0] = next
        next += chainLengths[0]
        for index in 0..<oldCount {
            oldSlot[index] = next
            next += 1
            chainNext[index + 1] = next
            next += chainLengths[index + 1]
        }
        tree = _FenwickTree(slots: Int(next))
        for index in 0..<oldCount where present(index) { tree.add(1, at: Int(oldSlot[index])) }
    }

    /// Takes old element `index` out of the list; returns the index it had.
    @usableFromInline
    mutating func remove(old index: Int) -> Int {
        let slot = Int(oldSlot[index])
        let position = tree.prefix(slot)
        tree.add(-1, at: slot)
        return position
    }

    /// Puts the next mover of `anchor`'s chain (-1: the front) in; returns its new index.
    @usableFromInline
    mutating func place(after anchor: Int) -> Int {
        let slot = Int(chainNext[anchor + 1])
        chainNext[anchor + 1] += 1
        let position = tree.prefix(slot)
        tree.add(1, at: slot)
        return position
    }
}
