/// A fast keyed 64-bit hash of byte strings, for hash tables over text read from JSON (the
/// wire's identifiers): the one-lane sibling of ``ContentFingerprint``'s hash, the same
/// wyhash-style multiply-fold under a key drawn once per process. Equal bytes hash alike
/// within a process, never across processes: nothing hashed here may be persisted.
///
/// Up to 16 bytes hash from their two words (``words(_:start:count:)``), in two
/// multiplications, so a table can keep a short string as its words and hash those.
public enum ByteHash {
    /// The per-process key. Pass it to the hash functions (a local copy saves reloading it).
    public static let seed: UInt64 = _FingerprintHash.seed.a ^ _FingerprintHash.p2

    /// The hash of a short string held as two words (``words(_:start:count:)``, with room
    /// for its length in them, as the caller keeps it).
    ///
    /// - Complexity: O(1).
    @inlinable
    @inline(__always)
    public static func hash(low: UInt64, high: UInt64, seed: UInt64) -> Int {
        let state = _FingerprintHash.mum(low ^ seed ^ _FingerprintHash.p0, high ^ _FingerprintHash.p1)
        return Int(truncatingIfNeeded: _FingerprintHash.mum(state ^ _FingerprintHash.p2, seed ^ _FingerprintHash.p3))
    }

    /// The hash of `bytes[start..<end]`; a tail of a string of eight bytes or more is read as
    /// its (overlapping) last eight bytes.
    ///
    /// - Complexity: O(end - start), eight bytes per step.
    @inlinable
    public static func hash(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, seed: UInt64) -> Int {
        let length = UInt64(end &- start)
        var state = _FingerprintHash.mum(seed ^ _FingerprintHash.p0, length ^ _FingerprintHash.p1)
        var index = start
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            state = _FingerprintHash.mum(state ^ word, _FingerprintHash.p1 ^ seed)
            index &+= 8
        }
        if index < end, end &- start >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self))
            state = _FingerprintHash.mum(state ^ word, _FingerprintHash.p3 ^ seed)
        } else if index < end {
            let word = _FingerprintHash.partialWord(bytes, from: index, to: end)
            state = _FingerprintHash.mum(state ^ word, _FingerprintHash.p3 ^ seed)
        }
        return Int(truncatingIfNeeded: _FingerprintHash.mum(state ^ _FingerprintHash.p2, _FingerprintHash.p0 ^ length))
    }

    /// The `count` (at most 16) bytes at `start` as two little-endian words, zero-padded: the
    /// same words whether or not 16 bytes can be read at `start`.
    ///
    /// - Complexity: O(1).
    @inlinable
    @inline(__always)
    public static func words(_ bytes: UnsafeRawBufferPointer, start: Int, count: Int) -> (low: UInt64, high: UInt64) {
        _FingerprintHash.shortWords(bytes, start: start, count: count)
    }
}
