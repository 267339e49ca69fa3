extension Array {
    /// `count` copies of `value`, as `init(repeating:count:)` makes them, but allocated by code
    /// specialized for `Element`.
    ///
    /// The standard library's initializer allocates through an entry point that is not
    /// specialized (`_allocateBufferUninitialized`), which looks the storage class's generic
    /// metadata up at run time: about 500 instructions a call, a third of a 20-item diff's
    /// cost (callgrind). `reserveCapacity` allocates through code compiled for `Element`.
    /// O(`count`).
    @inlinable
    init(_filling value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
