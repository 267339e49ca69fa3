/// The UTF-8 text of an identifier longer than 15 bytes, and its hash, stored in the object
/// itself (one allocation) and shared by every copy of the identifier. Immutable once made.
@usableFromInline
final class _LongWireID: ManagedBuffer<_LongWireID.Header, UInt8> {
    @usableFromInline
    struct Header {
        @usableFromInline let count: Int
        @usableFromInline let hash: Int

        @inlinable
        init(count: Int, hash: Int) {
            self.count = count
            self.hash = hash
        }
    }

    /// A copy of `bytes`, with their hash. O(length).
    @inlinable
    static func make(copying bytes: UnsafeRawBufferPointer, hash: Int) -> _LongWireID {
        let buffer = create(minimumCapacity: bytes.count) { _ in Header(count: bytes.count, hash: hash) }
        buffer.withUnsafeMutablePointerToElements { elements in
            UnsafeMutableRawPointer(elements).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        return unsafeDowncast(buffer, to: _LongWireID.self)
    }

    /// The number of UTF-8 bytes. O(1).
    @inlinable
    var count: Int { header.count }

    /// The keyed hash of the bytes (``_IDHash/hash(_:start:end:seed:)``). O(1).
    @inlinable
    var hash: Int { header.hash }

    /// Calls `body` with the UTF-8 bytes. O(1) plus `body`.
    @inlinable
    func withUTF8<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeMutablePointers { header, elements in body(UnsafeRawBufferPointer(start: elements, count: header.pointee.count)) }
    }
}
