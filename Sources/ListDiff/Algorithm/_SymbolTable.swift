/// Heckel's symbol table as one open-addressing array of 64-bit slots: the high half holds
/// 32 bits of the identifier's hash (to reject most mismatches without comparing
/// identifiers), the low half a code: 1 + old flat number, or 1 + old total + new flat
/// number for identifiers seen only on the new side. Zero is an empty slot.
///
/// For integer identifiers (equal hashes are equal identifiers) the table also keeps each
/// entry's full hash, by code, in the same allocation: comparing it spares fetching the
/// identifier. ``update(_:)`` gives both through one ``Handle``.
///
/// Sized for a load of at most 2/3 (linear probing stays short), one allocation per diff.
@usableFromInline
struct _SymbolTable {
    /// `slots | fullHashes`: `mask + 1` slots, then one full hash per entry when kept.
    @usableFromInline var storage: [UInt64]
    @usableFromInline let mask: Int

    /// A table for `entries` identifiers, keeping their full hashes when `fullHashes`. Only
    /// entries put in the table are ever read back, and each is written first: the full
    /// hashes are left uninitialized.
    @inlinable
    init(entries: Int, fullHashes: Bool) {
        precondition(entries >= 0 && entries < Int(Self.codeMask), "too many identifiers for 32-bit codes")
        var capacity = 16
        while capacity * 2 < entries * 3 { capacity <<= 1 }
        let total = capacity &+ (fullHashes ? entries : 0)
        storage = [UInt64](_initializingCapacity: total) { buffer, count in
            buffer.baseAddress.unsafelyUnwrapped.initialize(repeating: 0, count: capacity)
            count = total
        }
        mask = capacity - 1
    }

    /// The slots and the full hashes, through raw buffers.
    @usableFromInline
    struct Handle {
        @usableFromInline let slots: UnsafeMutableBufferPointer<UInt64>
        /// Indexed by code less one; empty when the table keeps no full hashes.
        @usableFromInline let fullHashes: UnsafeMutableBufferPointer<UInt64>

        @inlinable
        init(_ buffer: UnsafeMutableBufferPointer<UInt64>, slotCount: Int) {
            slots = UnsafeMutableBufferPointer(rebasing: buffer[..<slotCount])
            fullHashes = UnsafeMutableBufferPointer(rebasing: buffer[slotCount...])
        }
    }

    /// Calls `body` with a handle to the table's storage.
    @inlinable @inline(__always)
    mutating func update<R>(_ body: (Handle) -> R) -> R {
        let slotCount = mask &+ 1
        return storage.withUnsafeMutableBufferPointer { buffer in body(Handle(buffer, slotCount: slotCount)) }
    }

    /// The entry in slot `slot` (0: empty).
    @inlinable
    func entry(at slot: Int) -> UInt64 { storage[slot] }

    @inlinable
    static func tag(_ hash: Int) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: hash >> 32)) << 32 }

    @inlinable
    static var codeMask: UInt64 { 0xFFFF_FFFF }
}
