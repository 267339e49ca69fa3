/// A binary indexed tree of 0/1 presence counts over slots: how many occupied slots lie
/// before a given one, i.e. the current position of whatever occupies that slot, while
/// slots are filled and emptied. Used to turn moves into sequential indexes.
@usableFromInline
struct _FenwickTree {
    @usableFromInline var counts: [Int32]

    @usableFromInline
    init(slots: Int) {
        counts = [Int32](_filling: 0, count: slots + 1)
    }

    /// Occupied slots strictly before `slot`. O(log n).
    @usableFromInline
    func prefix(_ slot: Int) -> Int {
        var sum = 0
        var index = slot
        while index > 0 {
            sum &+= Int(counts[index])
            index &= index &- 1
        }
        return sum
    }

    /// Adds `delta` (+1 occupy, -1 free) at `slot`. O(log n).
    @usableFromInline
    mutating func add(_ delta: Int32, at slot: Int) {
        var index = slot + 1
        while index < counts.count {
            counts[index] &+= delta
            index &+= index & -index
        }
    }
}
