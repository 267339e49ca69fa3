/// One interned identifier, kept small and trivially destructible (40 bytes, no reference):
/// an inline identifier's or a UUID's four words, or for a long one its index in the table's
/// long identifiers (`w0`) with ``WireID/_longMarker`` in the top byte of `w3`; and which
/// snapshot last used it as an item and as a section (for duplicates and for checking marks).
@usableFromInline
internal struct _InternEntry {
    @usableFromInline var w0: UInt64
    @usableFromInline var w1: UInt64
    @usableFromInline var w2: UInt64
    @usableFromInline var w3: UInt64
    @usableFromInline var itemMark: UInt32
    @usableFromInline var sectionMark: UInt32

    @inlinable
    init(_ words: (UInt64, UInt64, UInt64, UInt64)) {
        (w0, w1, w2, w3) = words
        itemMark = 0
        sectionMark = 0
    }

    /// Whether the identifier is a long one (its text in the table's long identifiers).
    @inlinable
    var isLong: Bool { w3 &>> 56 == WireID._longMarker }

    /// Whether the entry holds these inline words. O(1).
    @inlinable
    @inline(__always)
    func holds(_ words: (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        (w0 ^ words.0) | (w1 ^ words.1) | (w2 ^ words.2) | (w3 ^ words.3) == 0
    }
}
