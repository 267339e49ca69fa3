/// The UTF-8 text of identifiers longer than 15 bytes, packed one after another in one
/// allocation: a decode appends every distinct long identifier of its request to a few slabs
/// (no allocation per identifier), and each ``WireID`` refers to its slab with its offset.
///
/// Only the decode that made a slab appends to it, before any identifier escapes the decode;
/// afterwards it is immutable. Header access goes through pointers: the header is a stored
/// property of a class, and plain access would pay a dynamic exclusivity check each time.
@usableFromInline
final class _LongWireIDSlab: ManagedBuffer<_LongWireIDSlab.Header, UInt8> {
    @usableFromInline
    struct Header {
        @usableFromInline var used: Int
        @usableFromInline let capacity: Int

        @inlinable
        init(used: Int, capacity: Int) {
            self.used = used
            self.capacity = capacity
        }
    }

    /// The bytes a decode's slab holds before it starts another (larger identifiers get a
    /// slab of their own size).
    @inlinable
    static var decodeCapacity: Int { 1 << 16 }

    /// An empty slab with room for at least `capacity` bytes. O(1).
    @inlinable
    static func make(capacity: Int) -> _LongWireIDSlab {
        let buffer = create(minimumCapacity: capacity) { _ in Header(used: 0, capacity: capacity) }
        return unsafeDowncast(buffer, to: _LongWireIDSlab.self)
    }

    /// Appends `bytes` and returns their offset, or nil when they do not fit. O(length).
    @inlinable
    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) -> Int? {
        withUnsafeMutablePointers { header, elements in
            let offset = header.pointee.used
            guard bytes.count <= header.pointee.capacity &- offset else { return nil }
            UnsafeMutableRawPointer(elements + offset).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            header.pointee.used = offset &+ bytes.count
            return offset
        }
    }

    /// Calls `body` with the `count` bytes at `offset`. O(1) plus `body`.
    @inlinable
    func withUTF8<R>(offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeMutablePointerToElements { elements in
            body(UnsafeRawBufferPointer(start: elements + offset, count: count))
        }
    }
}
