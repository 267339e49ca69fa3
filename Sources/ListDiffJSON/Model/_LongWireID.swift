/// The UTF-8 text of an identifier longer than 15 bytes, stored in the object itself (one
/// allocation) and shared by every copy of the identifier. Immutable once made.
@usableFromInline
final class _LongWireID: ManagedBuffer<Int, UInt8> {
    /// A copy of `bytes`. O(length).
    @inlinable
    static func make(copying bytes: UnsafeRawBufferPointer) -> _LongWireID {
        let buffer = create(minimumCapacity: bytes.count) { _ in bytes.count }
        buffer.withUnsafeMutablePointerToElements { elements in
            UnsafeMutableRawPointer(elements).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        return unsafeDowncast(buffer, to: _LongWireID.self)
    }

    /// The number of UTF-8 bytes. O(1).
    @inlinable
    var count: Int { header }

    /// Calls `body` with the UTF-8 bytes. O(1) plus `body`.
    @inlinable
    func withUTF8<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeMutablePointers { count, elements in body(UnsafeRawBufferPointer(start: elements, count: count.pointee)) }
    }
}
