/// The identifiers of one request, interned while parsing: an open-addressing table (linear
/// probing, load ≤ 1/2) shared by every snapshot of the request, so each identifier's bytes
/// are hashed once per occurrence and turned into a `String` once per request.
///
/// A slot packs the upper 32 bits of the hash with the entry index + 1 (0 = empty), so probes
/// that miss never touch the entries.
@usableFromInline
internal struct _InternTable {
    @usableFromInline var slots: [UInt64]
    @usableFromInline var mask: Int
    @usableFromInline var entries: [_InternEntry]
    @usableFromInline let seed: UInt64

    /// A table sized for an input of `inputBytes` bytes (about one identifier per 12 bytes).
    /// O(capacity).
    @inlinable
    init(inputBytes: Int) {
        var capacity = 64
        while capacity < inputBytes / 12 { capacity &<<= 1 }
        slots = [UInt64](repeating: 0, count: capacity)
        mask = capacity &- 1
        entries = []
        entries.reserveCapacity(capacity / 2)
        seed = _IDHash.seed
    }

    /// The entry index of the identifier whose unescaped UTF-8 is `bytes[start..<end]`, adding
    /// it if new. `inputStart` is where those bytes lie in the request input (or -1), so that
    /// later lookups compare against the input. O(length) expected.
    @inlinable
    mutating func intern(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, inputStart: Int,
                         input: UnsafeRawBufferPointer) -> Int {
        let hash = _IDHash.hash(bytes, start: start, end: end, seed: seed)
        let tag = UInt64(truncatingIfNeeded: UInt(bitPattern: hash) &>> 32) &<< 32
        let count = end &- start
        var slot = hash & mask
        while true {
            let value = slots[slot]
            if value == 0 { break }
            if value & 0xFFFF_FFFF_0000_0000 == tag {
                let index = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) &- 1
                if _matches(index, bytes, start: start, count: count, hash: hash, input: input) { return index }
            }
            slot = (slot &+ 1) & mask
        }
        let index = entries.count
        entries.append(_InternEntry(id: WireID(_utf8: bytes, start: start, end: end, hash: hash),
                                    start: inputStart <= Int(Int32.max) ? Int32(truncatingIfNeeded: inputStart) : -1, count: Int32(truncatingIfNeeded: count)))
        slots[slot] = tag | UInt64(index &+ 1)
        if entries.count &* 2 > slots.count { _grow() }
        return index
    }

    @inlinable
    func _matches(_ index: Int, _ bytes: UnsafeRawBufferPointer, start: Int, count: Int, hash: Int,
                  input: UnsafeRawBufferPointer) -> Bool {
        let entryStart = Int(entries[index].start)
        guard entries[index].id._hash == hash, Int(entries[index].count) == count else { return false }
        if entryStart >= 0 {
            return _IDHash.bytesEqual(input, entryStart, bytes, start, count: count)
        }
        return entries[index].id.withUTF8 { _IDHash.bytesEqual($0, 0, bytes, start, count: count) }
    }

    /// Doubles the slots and reinserts every entry by its stored hash. O(entries).
    @usableFromInline
    mutating func _grow() {
        let capacity = slots.count &* 2
        slots = [UInt64](repeating: 0, count: capacity)
        mask = capacity &- 1
        for (index, entry) in entries.enumerated() {
            let hash = entry.id._hash
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = (UInt64(truncatingIfNeeded: UInt(bitPattern: hash) &>> 32) &<< 32) | UInt64(index &+ 1)
        }
    }
}
