/// One interned identifier, kept small and trivially destructible (24 bytes, no reference):
/// a short identifier's or a UUID's two inline words, or for a long one its index in the
/// table's long identifiers with ``WireID/_longMarker`` in the top byte of `high`; and which
/// snapshot last used it as an item and as a section (for duplicates and for checking marks).
@usableFromInline
internal struct _InternEntry {
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64
    @usableFromInline var itemMark: UInt32
    @usableFromInline var sectionMark: UInt32

    @inlinable
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
        itemMark = 0
        sectionMark = 0
    }

    /// Whether the identifier is a long one (its text in the table's long identifiers).
    @inlinable
    var isLong: Bool { high &>> 56 == WireID._longMarker }
}
