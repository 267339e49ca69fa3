extension Array {
    /// `count` copies of `value`, as `init(repeating:count:)` makes them, but allocated by code
    /// specialized for `Element` (see ``_ContiguouslyStored/init(_initializingCapacity:_:)``: the
    /// standard library's initializer looks the storage class's generic metadata up at run
    /// time). A few are appended (a call to `memset` costs more than storing them); more are
    /// filled with wide stores. O(`count`).
    @inlinable
    init(_filling value: Element, count: Int) {
        guard count > 64 else {
            self.init()
            reserveCapacity(count)
            append(contentsOf: repeatElement(value, count: count))
            return
        }
        self.init(_initializingCapacity: count) { buffer, initialized in
            buffer.initialize(repeating: value)
            initialized = count
        }
    }
}
