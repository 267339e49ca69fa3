/// The hash the symbol table uses for an identifier.
///
/// Integer identifiers (the common database key) skip SipHash: their bits go through
/// murmur3's 64-bit finaliser after mixing in a per-process random seed, about a tenth of
/// the instructions and still unpredictable from outside the process. Every other type uses
/// its own `hashValue` (per-process seeded by the standard library); a type that has its
/// hash at hand can return it there without hashing its bytes again.
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
        return id.hashValue
    }

    /// Whether equal hashes mean equal identifiers: true for the integer types, whose hash
    /// is a bijection of their bits. Resolved at compile time in specialised code.
    @inlinable @inline(__always)
    static func isInjective<ID: Hashable>(_: ID.Type) -> Bool {
        ID.self == Int.self || ID.self == Int64.self || ID.self == UInt64.self || ID.self == Int32.self
    }

    @inlinable @inline(__always)
    static func mix(_ value: UInt64) -> Int {
        var z = value ^ seed
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        z = (z ^ (z >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(bitPattern: UInt(z ^ (z >> 33)))
    }
}
