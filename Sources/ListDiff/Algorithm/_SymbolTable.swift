/// Heckel's symbol table as one open-addressing array of 64-bit slots: the high half holds
/// 32 bits of the identifier's hash (to reject most mismatches without comparing
/// identifiers), the low half a code: 1 + old flat number, or 1 + old total + new flat
/// number for identifiers seen only on the new side. Zero is an empty slot.
///
/// Sized for a load of at most 2/3 (linear probing stays short), one allocation per diff.
@usableFromInline
struct _SymbolTable {
    @usableFromInline var slots: [UInt64]
    @usableFromInline let mask: Int

    @inlinable
    init(entries: Int) {
        var capacity = 16
        while capacity * 2 < entries * 3 { capacity <<= 1 }
        slots = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    @inlinable
    static func tag(_ hash: Int) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: hash >> 32)) << 32 }

    @inlinable
    static var codeMask: UInt64 { 0xFFFF_FFFF }
}
