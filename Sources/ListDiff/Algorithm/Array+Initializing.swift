/// The arrays ``_ContiguouslyStored/init(_initializingCapacity:_:)`` makes: `Array` and
/// `ContiguousArray`, whose `append(contentsOf:)` copies a sequence straight into storage it
/// has reserved, and whose storage is always contiguous. Not for other collections: one that
/// appends element by element would hold none of what `body` wrote.
public protocol _ContiguouslyStored: RangeReplaceableCollection, MutableCollection, BidirectionalCollection {}

extension Array: _ContiguouslyStored {}
extension ContiguousArray: _ContiguouslyStored {}

extension _ContiguouslyStored {
    /// An array whose elements `body` writes into its uninitialised storage, room for
    /// `capacity`, counting them into its second argument: `init(unsafeUninitializedCapacity:initializingWith:)`,
    /// allocated by code specialised for `Element`.
    ///
    /// The standard library's initialiser allocates through an entry point that is not
    /// specialised (`_allocateBufferUninitialized`), which looks the storage class's generic
    /// metadata up at run time on every call, several times in a small request. Here the
    /// storage is reserved (specialised code), the array takes
    /// `capacity` uninitialised elements from ``_UninitializedElements``, `body` initialises
    /// them in place and the ones it left are dropped — nothing reads an element before
    /// `body` wrote it. `body` must write every element of a type with references (dropping
    /// those left would release what is not there). O(capacity) at most: what `body` writes.
    ///
    /// Public for the wire layer's decoding (underscored: not part of the API); public rather
    /// than SPI so that the engine's inlinable code may call it.
    @inlinable
    public init(
        _initializingCapacity capacity: Int, _ body: (UnsafeMutableBufferPointer<Element>, inout Int) -> Void
    ) {
        self.init()
        reserveCapacity(capacity)
        append(contentsOf: _UninitializedElements(count: capacity))
        var written = 0
        let wrote: Void? = withContiguousMutableStorageIfAvailable { buffer in body(buffer, &written) }
        precondition(wrote != nil, "an array's storage is contiguous")
        precondition(written >= 0 && written <= capacity, "more elements written than there is room for")
        guard written < capacity else { return }
        precondition(_isPOD(Element.self), "every element of a type with references must be written")
        removeLast(capacity &- written)
    }
}

/// `count` elements an array appends without their being written: the storage of
/// ``_ContiguouslyStored/init(_initializingCapacity:_:)``, which writes them next. Never iterated.
public struct _UninitializedElements<Element>: Sequence {
    @usableFromInline let count: Int

    @inlinable
    init(count: Int) { self.count = count }

    @inlinable public var underestimatedCount: Int { count }

    @inlinable
    public func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection<Element>.Iterator() }

    /// Claims `count` elements of `buffer`, leaving them uninitialised.
    @inlinable
    public func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<Element>
    ) -> (EmptyCollection<Element>.Iterator, UnsafeMutableBufferPointer<Element>.Index) {
        precondition(buffer.count >= count, "the storage was reserved for fewer elements")
        return (makeIterator(), count)
    }
}
