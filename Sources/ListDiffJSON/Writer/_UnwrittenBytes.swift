/// `count` bytes an array appends without their being written: the room
/// ``JSONWriter/_withUnsafeSpace(atMost:_:)`` writes into next. A byte needs no initialising,
/// so the room holds whatever the storage held until it is written; what is not written is
/// removed. Never iterated.
@usableFromInline
struct _UnwrittenBytes: Sequence {
    @usableFromInline let count: Int

    @inlinable
    init(count: Int) { self.count = count }

    @inlinable var underestimatedCount: Int { count }

    @inlinable
    func makeIterator() -> EmptyCollection<UInt8>.Iterator { EmptyCollection<UInt8>.Iterator() }

    /// Claims `count` bytes of `buffer`, leaving them as they are.
    @inlinable
    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> (EmptyCollection<UInt8>.Iterator, UnsafeMutableBufferPointer<UInt8>.Index) {
        precondition(buffer.count >= count, "the array reserved less room than it was asked for")
        return (makeIterator(), count)
    }
}
