import ListDiffJSON

/// The state of one encode: the writer whose bytes become the document. The document writers
/// are its extensions, each beside the part of the wire it writes, and reach the JSON through
/// `writer`'s primitives.
///
/// Usable from inlinable code so the wire's primitives (an identifier, content, an item) stay
/// inlinable, as they were as `JSONWriter` extensions.
@usableFromInline
internal struct _WireEncoder {
    @usableFromInline var writer: JSONWriter

    /// Runs `work` with an encoder over an empty buffer of `capacity` bytes and answers what it
    /// wrote: the buffer itself, not a copy. Debug builds check the document is whole.
    /// O(capacity) plus `work`.
    @inline(__always)
    static func run(reservingCapacity capacity: Int, _ work: (inout _WireEncoder) -> Void) -> [UInt8] {
        var encoder = _WireEncoder(writer: JSONWriter(reservingCapacity: capacity))
        work(&encoder)
        assert(encoder.writer.isComplete, "WireEncoder: a container was left open")
        return encoder.writer.bytes
    }
}
