/// Inline identifiers (short ones and UUIDs) scanned but not yet interned:
/// ``_WireDecoder/_scanPlainInlineItems()`` scans a run of them first and they are interned
/// after, so that the intern table's cache misses of neighbouring identifiers, no longer
/// waiting on each other's scanning, overlap — and so that an array made only of them is
/// counted before its items are stored, straight into an array of exactly that size.
///
/// Carved from the decode's ``_DecodeArena``, which frees it.
internal struct _PendingIDs {
    /// One scanned identifier: its inline words, their hash and its opening quote's offset.
    struct Entry {
        var low: UInt64
        var high: UInt64
        var hash: Int
        var offset: Int
    }

    /// How many identifiers one run holds.
    let capacity: Int
    let _base: UnsafeMutablePointer<Entry>

    /// Room for an item array of an input of `inputBytes` bytes: one identifier per eight
    /// bytes (an inline one with its quotes and comma takes three to 39), at least 64 and at
    /// most 2¹⁸; a longer array is read in runs. O(1).
    init(inputBytes: Int, arena: inout _DecodeArena) {
        capacity = Self.capacity(inputBytes: inputBytes)
        _base = arena.carve(Entry.self, count: capacity)
    }

    static func capacity(inputBytes: Int) -> Int { max(64, min(inputBytes / 8, 1 << 18)) }

    subscript(index: Int) -> Entry {
        get { _base[index] }
        nonmutating set { _base[index] = newValue }
    }
}
