/// The keyed hash primitives of ``ContentFingerprint``: a wyhash-style multiply-fold over two
/// lanes with independent per-process keys.
@usableFromInline
enum _FingerprintHash {
    @usableFromInline static let p0: UInt64 = 0xA076_1D64_78BD_642F
    @usableFromInline static let p1: UInt64 = 0xE703_7ED1_A0B4_28DB
    @usableFromInline static let p2: UInt64 = 0x8EBC_6AF0_9C88_C6E3
    @usableFromInline static let p3: UInt64 = 0x5899_65CC_7537_4CC3

    /// Type tags keeping values of different kinds (and the roles of a combination) apart.
    @usableFromInline static let tagString: UInt64 = 0x1
    @usableFromInline static let tagNumber: UInt64 = 0x2
    @usableFromInline static let tagArray: UInt64 = 0x3
    @usableFromInline static let tagObject: UInt64 = 0x4
    @usableFromInline static let tagMember: UInt64 = 0x5
    @usableFromInline static let tagElement: UInt64 = 0x6
    @usableFromInline static let tagTrue: UInt64 = 0x7
    @usableFromInline static let tagFalse: UInt64 = 0x8
    @usableFromInline static let tagNull: UInt64 = 0x9
    @usableFromInline static let tagZero: UInt64 = 0xA

    /// The per-process keys, drawn once from the system random number generator.
    @usableFromInline static let seed: _Lanes = {
        var generator = SystemRandomNumberGenerator()
        return _Lanes(a: generator.next(), b: generator.next())
    }()

    /// The starting state of every array and the base of every object, computed once.
    @usableFromInline static let arrayStart = constant(tagArray, seed: seed)
    @usableFromInline static let objectBase = constant(tagObject, seed: seed)
    /// The starting state of every nonzero number, and the hash of zero.
    @usableFromInline static let numberStart = constant(tagNumber, seed: seed)
    @usableFromInline static let zero = constant(tagZero, seed: seed)
    /// The hashes of the three literals.
    @usableFromInline static let trueValue = constant(tagTrue, seed: seed)
    @usableFromInline static let falseValue = constant(tagFalse, seed: seed)
    @usableFromInline static let nullValue = constant(tagNull, seed: seed)

    /// The 64 bits of a 128-bit product folded together. O(1).
    @inlinable
    @inline(__always)
    static func mum(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }

    /// Combines `state` with `value` under `tag`; not symmetric. O(1).
    @inlinable
    @inline(__always)
    static func mix(_ state: _Lanes, _ value: _Lanes, tag: UInt64, seed: _Lanes) -> _Lanes {
        _Lanes(
            a: mum(state.a ^ seed.a ^ tag, value.a ^ p1),
            b: mum(state.b ^ seed.b ^ (tag &* p0), value.b ^ p3))
    }

    /// The lanes of a tag alone (literals, empty-state starts). O(1).
    @inlinable
    static func constant(_ tag: UInt64, seed: _Lanes) -> _Lanes {
        mix(_Lanes(a: tag, b: tag), _Lanes(a: p2, b: p0), tag: tag, seed: seed)
    }

    /// The hash of `bytes[start..<end]` under `tag`. O(end - start), eight bytes per step;
    /// up to 16 bytes (most keys and short values) in one multiplication per lane.
    @inlinable
    static func bytes(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, tag: UInt64, seed: _Lanes) -> _Lanes {
        let count = end &- start
        let length = UInt64(truncatingIfNeeded: count)
        if count <= 16 {
            let (first, second) = shortWords(bytes, start: start, count: count)
            let a = mum(seed.a ^ tag ^ p0 ^ first, length ^ p1 ^ second)
            let b = mum(seed.b ^ tag ^ p2 ^ second, length ^ p3 ^ first)
            return _Lanes(a: mum(a ^ p2, p0 ^ length), b: mum(b ^ p0, p2 ^ length))
        }
        var a = mum(seed.a ^ tag ^ p0, length ^ p1)
        var b = mum(seed.b ^ tag ^ p2, length ^ p3)
        var index = start
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            a = mum(a ^ word, p1 ^ seed.b)
            b = mum(b ^ word, p3 ^ seed.a)
            index &+= 8
        }
        if index < end {
            // The last eight bytes, overlapping ones already hashed (there are more than 16).
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self))
            a = mum(a ^ word, p1 ^ seed.b)
            b = mum(b ^ word, p3 ^ seed.a)
        }
        return _Lanes(a: mum(a ^ p2, p0 ^ length), b: mum(b ^ p0, p2 ^ length))
    }

    /// The `count` (at most 16) bytes at `start` as two little-endian words, zero-padded;
    /// the same words whether or not 16 bytes can be read at `start`. O(1).
    @inlinable
    @inline(__always)
    static func shortWords(_ bytes: UnsafeRawBufferPointer, start: Int, count: Int) -> (UInt64, UInt64) {
        guard start &+ 16 <= bytes.count else {
            let split = min(count, 8)
            return (
                partialWord(bytes, from: start, to: start &+ split),
                partialWord(bytes, from: start &+ split, to: start &+ count)
            )
        }
        let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self))
        return maskedWords(first, second, count: count)
    }

    /// The first `count` (at most 16) bytes of the 16 loaded as `first` and `second`, the rest
    /// zeroed. O(1).
    @inlinable
    @inline(__always)
    static func maskedWords(_ first: UInt64, _ second: UInt64, count: Int) -> (UInt64, UInt64) {
        let low = count >= 8 ? first : first & ((1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1)
        let high =
            count >= 16 ? second : count > 8 ? second & ((1 &<< UInt64(truncatingIfNeeded: (count &- 8) &* 8)) &- 1) : 0
        return (low, high)
    }

    /// The bytes `start..<end` (at most eight) as a little-endian word, zero-padded.
    @inlinable
    static func partialWord(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UInt64 {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for index in start..<end {
            word |= UInt64(bytes[index]) &<< shift
            shift &+= 8
        }
        return word
    }
}
