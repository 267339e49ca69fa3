/// Inline identifiers (short ones and UUIDs) scanned but not yet interned:
/// ``_WireDecoder/_plainInlineItems()`` scans a run of them first and interns them after, so
/// that the intern table's cache misses of neighbouring identifiers, no longer waiting on
/// each other's scanning, overlap.
///
/// Manually allocated: whoever makes one calls ``deallocate()`` once, when the decode ends.
internal struct _PendingIDs {
    /// One scanned identifier: its inline words, their hash and its opening quote's offset.
    struct Entry {
        var low: UInt64
        var high: UInt64
        var hash: Int
        var offset: Int
    }

    /// How many identifiers one run holds: enough for the misses of many to be in flight.
    static var capacity: Int { 64 }

    let _base: UnsafeMutablePointer<Entry>

    init() {
        _base = .allocate(capacity: Self.capacity)
    }

    func deallocate() {
        _base.deallocate()
    }

    subscript(index: Int) -> Entry {
        get { _base[index] }
        nonmutating set { _base[index] = newValue }
    }
}
