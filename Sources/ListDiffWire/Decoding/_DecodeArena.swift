/// The first storage of one decode's tables and buffers (``_InternTable``, the two
/// ``_DecodeBuffer``s, ``_PendingIDs``), carved out of one allocation: a decode then calls
/// the allocator once for them rather than five times (a small request's allocations are
/// counted by the instruction guard, scripts/instruction-ceilings.txt). A part that outgrows its share moves to storage of its own and leaves the
/// share unused until the decode ends; the arena itself is freed once, then.
///
/// Manually allocated: whoever makes one calls ``deallocate()`` once, after every part
/// carved from it is done with.
internal struct _DecodeArena {
    /// Every part starts at this alignment, enough for any element the decoder stores.
    static var alignment: Int { 16 }

    let _base: UnsafeMutableRawPointer
    let _byteCount: Int
    var _used = 0

    /// An arena of `byteCount` bytes: the sum of the parts' ``bytes(for:count:)``. O(1).
    init(byteCount: Int) {
        _byteCount = byteCount
        _base = .allocate(byteCount: max(byteCount, 1), alignment: Self.alignment)
    }

    /// The bytes a part of `count` elements of `type` takes, rounded up to the alignment.
    static func bytes<T>(for type: T.Type, count: Int) -> Int {
        precondition(MemoryLayout<T>.alignment <= alignment, "a part more aligned than the arena")
        return (MemoryLayout<T>.stride &* count &+ alignment &- 1) & ~(alignment &- 1)
    }

    /// Uninitialised room for `count` elements of `type`, owned by the arena. O(1).
    mutating func carve<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let size = Self.bytes(for: type, count: count)
        precondition(_used &+ size <= _byteCount, "the arena was sized for fewer parts")
        let part = (_base + _used).bindMemory(to: type, capacity: count)
        _used &+= size
        return part
    }

    func deallocate() {
        _base.deallocate()
    }
}
