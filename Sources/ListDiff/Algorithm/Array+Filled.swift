extension Array {
    /// `count` copies of `value`, as `init(repeating:count:)` makes them, but allocated by code
    /// specialized for `Element`.
    ///
    /// The standard library's initializer allocates through an entry point that is not
    /// specialized (`_allocateBufferUninitialized`), which looks the storage class's generic
    /// metadata up at run time: about 500 instructions a call, a third of a 20-item diff's
    /// cost (callgrind). `reserveCapacity` allocates through code compiled for `Element`, so
    /// small arrays are reserved and appended. O(`count`).
    @inlinable
    init(_filling value: Element, count: Int) {
        // A large array takes the standard library's initializer: it fills with wide stores
        // (memset), where appending stores element by element (20% slower diffs of 10,000
        // items), and its lookup is then a small part of the work.
        guard count <= 256 else {
            self.init(repeating: value, count: count)
            return
        }
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
