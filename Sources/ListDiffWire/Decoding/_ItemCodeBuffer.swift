/// The intern-table entries of a snapshot's items as they are read (``WireDiffRequest/itemCodes``),
/// in storage kept for the whole decode: an append is a compare and a store, where an array's
/// would check its uniqueness each time.
///
/// Manually allocated: whoever makes one calls ``deallocate()`` once, when the decode ends.
internal struct _ItemCodeBuffer {
    var _base: UnsafeMutablePointer<UInt32>
    var _capacity: Int
    var count: Int

    /// An empty buffer with room for `capacity` codes. O(1).
    init(capacity: Int) {
        _capacity = max(capacity, 16)
        _base = .allocate(capacity: _capacity)
        count = 0
    }

    func deallocate() {
        _base.deallocate()
    }

    /// Appends intern-table entry `entry`. O(1) amortized.
    @inline(__always)
    mutating func append(_ entry: Int) {
        if count == _capacity { _grow() }
        _base[count] = UInt32(truncatingIfNeeded: entry)
        count &+= 1
    }

    /// Where `added` codes more may be written, at ``count`` on, before adding them to
    /// ``count``. O(count) when it grows.
    mutating func reserve(_ added: Int) -> UnsafeMutablePointer<UInt32> {
        while _capacity &- count < added { _grow() }
        return _base + count
    }

    /// The codes appended since the last take, as an array; the buffer is left empty. O(count).
    mutating func take() -> [UInt32] {
        defer { count = 0 }
        return Array(UnsafeBufferPointer(start: _base, count: count))
    }

    /// Doubles the capacity. O(count).
    mutating func _grow() {
        let capacity = _capacity &* 2
        let base = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        base.update(from: _base, count: count)
        _base.deallocate()
        _base = base
        _capacity = capacity
    }
}
