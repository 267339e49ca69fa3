import ListDiffJSON

/// The hash of an identifier: a one-lane wyhash-style multiply-fold keyed with the per-process
/// seed of ``ContentFingerprint``. Equal identifiers hash alike within a process: a short one
/// (up to 15 bytes) by its two inline words, a long one by its bytes.
@usableFromInline
internal enum _IDHash {
    /// The per-process key, derived once from the fingerprint seed.
    @usableFromInline static let seed: UInt64 = _FingerprintHash.seed.a ^ _FingerprintHash.p2

    /// The hash of a short identifier's inline words (`high` holds its length). O(1): two
    /// multiplications, where hashing its bytes would take three.
    @inlinable
    @inline(__always)
    static func short(low: UInt64, high: UInt64, seed: UInt64) -> Int {
        let state = _FingerprintHash.mum(low ^ seed ^ _FingerprintHash.p0, high ^ _FingerprintHash.p1)
        return Int(truncatingIfNeeded: _FingerprintHash.mum(state ^ _FingerprintHash.p2, seed ^ _FingerprintHash.p3))
    }

    /// The hash of a long identifier's bytes, `bytes[start..<end]`. O(end - start), eight bytes per step; a tail of a key
    /// of eight bytes or more is read as the (overlapping) last eight bytes.
    @inlinable
    static func hash(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, seed: UInt64) -> Int {
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
}
