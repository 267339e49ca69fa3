/// One interned identifier, and which snapshot last used it as an item and as a section (for
/// duplicate detection and for checking marks).
@usableFromInline
internal struct _InternEntry {
    @usableFromInline var id: WireID
    @usableFromInline var itemMark: UInt32
    @usableFromInline var sectionMark: UInt32

    @inlinable
    init(id: WireID) {
        self.id = id
        itemMark = 0
        sectionMark = 0
    }
}
