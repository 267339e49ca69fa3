/// One open container the caller of ``JSONReader`` has entered: the piece of the path stack
/// that names the element currently being read inside it.
@usableFromInline
struct _ReaderFrame {
    /// Whether the container is an object (otherwise an array).
    @usableFromInline var isObject: Bool
    /// Members or elements started so far; the current array index is `count - 1`.
    @usableFromInline var count: Int
    /// The raw (still escaped) bytes of the current member name; `keyStart` is -1 while the
    /// next name is being read, so errors then point at the object itself.
    @usableFromInline var keyStart: Int
    @usableFromInline var keyEnd: Int

    @inlinable
    init(isObject: Bool) {
        self.isObject = isObject
        self.count = 0
        self.keyStart = 0
        self.keyEnd = 0
    }
}
