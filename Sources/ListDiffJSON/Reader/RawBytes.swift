/// Comparisons of raw bytes: the reader's of member names against literals, and those of
/// decoders built on it (identifiers read against identifiers held).
public enum RawBytes {
    /// Whether `a[aStart..<aStart+count]` equals `b[bStart..<bStart+count]`.
    ///
    /// - Precondition: both ranges lie inside their buffers.
    /// - Complexity: O(count), eight bytes per step.
    @inlinable
    public static func equal(
        _ a: UnsafeRawBufferPointer, _ aStart: Int, _ b: UnsafeRawBufferPointer, _ bStart: Int, count: Int
    ) -> Bool {
        var index = 0
        while index &+ 8 <= count {
            if a.loadUnaligned(fromByteOffset: aStart &+ index, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: bStart &+ index, as: UInt64.self)
            {
                return false
            }
            index &+= 8
        }
        if index < count, count >= 8 {
            // The last eight bytes, overlapping ones already compared.
            return a.loadUnaligned(fromByteOffset: aStart &+ count &- 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: bStart &+ count &- 8, as: UInt64.self)
        }
        while index < count {
            if a[aStart &+ index] != b[bStart &+ index] { return false }
            index &+= 1
        }
        return true
    }
}
