/// The bytes of an ``HTTPHeaders``' fields, one after another in one allocation: each field
/// its name's and its value's byte counts (four bytes each, little-endian), then the name and
/// the value. Appended to in place by the headers that hold it alone (they copy it first
/// otherwise), and never changed once shared.
///
/// The header is reached through pointers: plain access to a class's stored property would
/// pay a dynamic exclusivity check each time.
final class _HeaderBytes: ManagedBuffer<_HeaderBytes.Header, UInt8> {
    struct Header {
        var used: Int
        let capacity: Int
    }

    /// The bytes before each field's name: its name's and its value's counts.
    static let prefixBytes = 8

    /// Empty storage with room for at least `capacity` bytes. O(1).
    static func make(capacity: Int) -> _HeaderBytes {
        let buffer = create(minimumCapacity: capacity) { _ in Header(used: 0, capacity: capacity) }
        return unsafeDowncast(buffer, to: _HeaderBytes.self)
    }

    /// A copy of these bytes with room for at least `capacity` in all. O(bytes).
    func copy(capacity: Int) -> _HeaderBytes {
        let copy = Self.make(capacity: capacity)
        withBytes { bytes in
            copy.withUnsafeMutablePointers { header, elements in
                if let base = bytes.baseAddress { elements.initialize(from: base, count: bytes.count) }
                header.pointee.used = bytes.count
            }
        }
        return copy
    }

    /// The room left. O(1).
    var available: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.capacity - $0.pointee.used }
    }

    /// Appends one field; the caller made sure of the room (``available``). O(field).
    func append(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        withUnsafeMutablePointers { header, elements in
            let start = UnsafeMutableRawPointer(elements + header.pointee.used)
            start.storeBytes(of: UInt32(truncatingIfNeeded: name.count).littleEndian, as: UInt32.self)
            start.storeBytes(
                of: UInt32(truncatingIfNeeded: value.count).littleEndian, toByteOffset: 4, as: UInt32.self)
            if let base = name.baseAddress {
                (start + Self.prefixBytes).copyMemory(from: base, byteCount: name.count)
            }
            if let base = value.baseAddress {
                (start + Self.prefixBytes + name.count).copyMemory(from: base, byteCount: value.count)
            }
            header.pointee.used += Self.prefixBytes + name.count + value.count
        }
    }

    /// Calls `body` with the bytes written so far. O(1) plus `body`.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeMutablePointers { header, elements in
            body(UnsafeBufferPointer(start: elements, count: header.pointee.used))
        }
    }
}
