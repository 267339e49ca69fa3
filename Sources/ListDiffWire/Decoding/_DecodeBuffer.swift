@_spi(Unchecked) import ListDiff

/// Values collected while decoding — the items of the array being read, the intern-table
/// entries of a diff request's items — in storage kept for the whole decode, so that each
/// array taken from it is allocated once, at its exact size, however long it grew, and an
/// append is a compare and a store (an array's would also check its uniqueness).
///
/// Manually allocated, first from the decode's ``_DecodeArena``, then, once it grows, its own:
/// whoever makes one calls ``deallocate()`` once, when the decode ends.
internal struct _DecodeBuffer<Element> {
    var _base: UnsafeMutablePointer<Element>
    var _capacity: Int
    var count: Int
    /// Whether the storage is the buffer's own (it grew) rather than the arena's.
    var _ownsStorage = false

    /// The room a buffer asked for `capacity` elements starts with.
    static func startingCapacity(_ capacity: Int) -> Int { max(capacity, 16) }

    /// An empty buffer with room for `capacity` elements, carved from `arena`. O(1).
    init(capacity: Int, arena: inout _DecodeArena) {
        _capacity = Self.startingCapacity(capacity)
        _base = arena.carve(Element.self, count: _capacity)
        count = 0
    }

    /// Frees the storage it grew into and any elements still held. O(count).
    mutating func deallocate() {
        _base.deinitialize(count: count)
        if _ownsStorage { _base.deallocate() }
        count = 0
    }

    /// Appends `element`. O(1) amortized.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == _capacity { _grow() }
        (_base + count).initialize(to: element)
        count &+= 1
    }

    /// Where `added` elements more may be initialized, at ``count`` on, before adding them to
    /// ``count``. O(count) when it grows.
    mutating func reserve(_ added: Int) -> UnsafeMutablePointer<Element> {
        while _capacity &- count < added { _grow() }
        return _base + count
    }

    /// The element at `index` (below ``count``). O(1).
    subscript(index: Int) -> Element {
        get { _base[index] }
        set { _base[index] = newValue }
    }

    /// Removes and returns the last element (there must be one). O(1).
    mutating func removeLast() -> Element {
        count &-= 1
        return (_base + count).move()
    }

    /// Moves the elements out into an array of exactly their count, leaving the buffer empty.
    /// O(count): one block copy, no reference counting.
    mutating func take() -> ContiguousArray<Element> {
        let taken = count
        guard taken > 0 else { return [] }
        count = 0
        let base = _base
        return ContiguousArray(_initializingCapacity: taken) { buffer, initialized in
            buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: base, count: taken)
            initialized = taken
        }
    }

    /// Doubles the capacity, moving the elements. O(count).
    mutating func _grow() {
        let capacity = _capacity &* 2
        let base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        base.moveInitialize(from: _base, count: count)
        if _ownsStorage { _base.deallocate() }
        _base = base
        _capacity = capacity
        _ownsStorage = true
    }
}
