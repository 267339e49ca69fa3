/// Heckel's symbol table for integer identifiers that lie close together (database keys,
/// positions): one code per value between the smallest and the largest identifier, found by
/// subtracting the smallest — no hashing, no probing, no comparing.
///
/// Codes are those of ``_SymbolTable``: 1 + old flat number, or 1 + old total + new flat
/// number for identifiers seen only on the new side; zero is a value no item has. The
/// matcher uses it only when the values span at most ``spanLimit(entries:)``, so it is never
/// larger than the hashed table would be.
@usableFromInline
struct _DirectSymbolTable {
    @usableFromInline var codes: [UInt32]
    /// The ordered key (``_IdentifierHash/orderedKey(_:)``) of the smallest identifier.
    @usableFromInline let minimum: UInt64

    /// A table for keys `minimum...minimum + span`, every code zero. O(span).
    @inlinable
    init(minimum: UInt64, span: Int) {
        codes = [UInt32](repeating: 0, count: span &+ 1)
        self.minimum = minimum
    }

    /// The widest span of keys given a direct table for `entries` identifiers: two values
    /// (8 bytes) an identifier, where the hashed table takes at least 12.
    @inlinable
    static func spanLimit(entries: Int) -> UInt64 { UInt64(truncatingIfNeeded: entries) &* 2 }

    /// The code of `key`'s slot, zero when no identifier has that key. O(1).
    @inlinable
    func code(of key: UInt64) -> Int {
        let offset = key &- minimum
        guard offset < UInt64(truncatingIfNeeded: codes.count) else { return 0 }
        return Int(codes[Int(truncatingIfNeeded: offset)])
    }
}
