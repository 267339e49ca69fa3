/// The items of the array being read, collected in storage kept for the whole decode so that
/// each item array is allocated once, at its exact size, however long it grows.
///
/// Manually allocated: whoever makes one calls ``deallocate()`` once, when the decode ends.
internal struct _ItemBuffer {
    var _base: UnsafeMutablePointer<WireSnapshot.Item>
    var _capacity: Int
    var count: Int

    /// An empty buffer with room for `capacity` items. O(1).
    init(capacity: Int) {
        _capacity = max(capacity, 16)
        _base = .allocate(capacity: _capacity)
        count = 0
    }

    /// Frees the storage and any items still held. O(count).
    mutating func deallocate() {
        _base.deinitialize(count: count)
        _base.deallocate()
        count = 0
    }

    /// Appends `item`. O(1) amortized.
    @inline(__always)
    mutating func append(_ item: WireSnapshot.Item) {
        if count == _capacity { _grow() }
        (_base + count).initialize(to: item)
        count &+= 1
    }

    /// Where `added` items more may be initialized, at ``count`` on, before adding them to
    /// ``count``. O(count) when it grows.
    mutating func reserve(_ added: Int) -> UnsafeMutablePointer<WireSnapshot.Item> {
        while _capacity &- count < added { _grow() }
        return _base + count
    }

    /// The item at `index` (below ``count``). O(1).
    subscript(index: Int) -> WireSnapshot.Item {
        get { _base[index] }
        set { _base[index] = newValue }
    }

    /// Removes and returns the last item (there must be one). O(1).
    mutating func removeLast() -> WireSnapshot.Item {
        count &-= 1
        return (_base + count).move()
    }

    /// Moves the items out into an array of exactly their count, leaving the buffer empty.
    /// O(count): one block copy, no reference counting.
    mutating func take() -> ContiguousArray<WireSnapshot.Item> {
        let taken = count
        guard taken > 0 else { return [] }
        count = 0
        let base = _base
        return ContiguousArray(unsafeUninitializedCapacity: taken) { buffer, initialized in
            buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: base, count: taken)
            initialized = taken
        }
    }

    /// Doubles the capacity, moving the items. O(count).
    mutating func _grow() {
        let capacity = _capacity &* 2
        let base = UnsafeMutablePointer<WireSnapshot.Item>.allocate(capacity: capacity)
        base.moveInitialize(from: _base, count: count)
        _base.deallocate()
        _base = base
        _capacity = capacity
    }
}
