/// One interned identifier: the identifier, where its unescaped bytes lie in the input
/// (`start < 0` when they do not, e.g. escaped strings), and which snapshot last used it as an
/// item and as a section (for duplicate detection).
@usableFromInline
internal struct _InternEntry {
    @usableFromInline var id: WireID
    @usableFromInline var start: Int32
    @usableFromInline var count: Int32
    @usableFromInline var itemMark: UInt32
    @usableFromInline var sectionMark: UInt32

    @inlinable
    init(id: WireID, start: Int32, count: Int32) {
        self.id = id
        self.start = start
        self.count = count
        itemMark = 0
        sectionMark = 0
    }
}
