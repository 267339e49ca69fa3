/// The hash the symbol table uses for an identifier.
///
/// ASCII strings are hashed by their bytes with a seeded multiply-fold (``ofASCII(_:)``);
/// the matcher uses it only when every identifier of a diff is ASCII (see
/// `_Matcher.matchItems(hasMarks:)`). Integer identifiers (the common database key) skip SipHash: their bits go through
/// murmur3's 64-bit finaliser after mixing in a per-process random seed: far cheaper, and
/// still unpredictable from outside the process. Every other type gives
/// its own raw hash, `_rawHashValue(seed:)` (what `Dictionary` asks for), keyed with that
/// seed: a type that can hash itself cheaply does so there, where `hashValue` would go
/// through SipHash.
@usableFromInline
enum _IdentifierHash {
    @usableFromInline
    static let seed: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next() | 1
    }()

    @inlinable @inline(__always)
    static func of<ID: Hashable>(_ id: ID) -> Int {
        if ID.self == Int.self { return mix(UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self)))) }
        if ID.self == Int64.self { return mix(UInt64(bitPattern: unsafeBitCast(id, to: Int64.self))) }
        if ID.self == UInt64.self { return mix(unsafeBitCast(id, to: UInt64.self)) }
        if ID.self == Int32.self { return mix(UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int32.self)))) }
        return id._rawHashValue(seed: Int(truncatingIfNeeded: seed))
    }

    /// Whether equal hashes mean equal identifiers: true for the integer types, whose hash
    /// is a bijection of their bits. Resolved at compile time in specialised code.
    @inlinable @inline(__always)
    static func isInjective<ID: Hashable>(_: ID.Type) -> Bool {
        ID.self == Int.self || ID.self == Int64.self || ID.self == UInt64.self || ID.self == Int32.self
    }

    /// An integer identifier's bits as an unsigned number in the identifiers' own order
    /// (signed values offset by 2^63), so that a range of identifiers is a range of keys;
    /// nil for any other type. Resolved at compile time in specialised code.
    @inlinable @inline(__always)
    static func orderedKey<ID: Hashable>(_ id: ID) -> UInt64? {
        let signBit: UInt64 = 1 &<< 63
        if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) ^ signBit }
        if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) ^ signBit }
        if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
        if ID.self == Int32.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int32.self))) ^ signBit }
        return nil
    }

    @inlinable @inline(__always)
    static func mix(_ value: UInt64) -> Int {
        var z = value ^ seed
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        z = (z ^ (z >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(bitPattern: UInt(z ^ (z >> 33)))
    }

    /// The seeded byte hash of an ASCII string, or nil when the string is not ASCII (or not
    /// stored contiguously). O(length), eight bytes per step.
    @inlinable
    static func ofASCII(_ string: String) -> Int? {
        let hash = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            let raw = UnsafeRawBufferPointer(bytes)
            let count = raw.count
            var state = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
            var high: UInt64 = 0
            var index = 0
            while index &+ 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                high |= word
                state = fold(state ^ word, 0xA076_1D64_78BD_642F)
                index &+= 8
            }
            if index < count {
                var word: UInt64 = 0
                if count >= 8 {
                    word = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                } else {
                    for offset in 0..<count { word |= UInt64(raw[offset]) &<< UInt64(offset &* 8) }
                }
                high |= word
                state = fold(state ^ word, 0xE703_7ED1_A0B4_28DB)
            }
            guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
            return Int(bitPattern: UInt(fold(state, 0x8EBC_6AF0_9C88_C6E3 ^ UInt64(truncatingIfNeeded: count))))
        }
        return hash ?? nil
    }

    /// 64×64 → 128-bit multiply, folded to 64 bits.
    @inlinable @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }
}
