extension WireID {
    /// An identifier from UTF-8 bytes (the caller guarantees they are valid UTF-8, e.g. they
    /// came from another identifier's ``withUTF8(_:)``); hashes them once. O(length).
    public init(validUTF8 bytes: UnsafeRawBufferPointer) {
        self.init(_utf8: bytes, start: 0, end: bytes.count)
    }
}
