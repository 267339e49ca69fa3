extension _WireDecoder {
    /// Reads the next element of the current item array when it is a plain string identifier
    /// (ASCII, no escapes): scanned, hashed, interned, checked for duplicates and appended to
    /// ``items`` in one pass, with the reader left exactly as `hasNextElement()` followed by
    /// `readItem()` would leave it. Returns false, having consumed nothing, for anything else
    /// (the end of the array, an object, a number, escapes, non-ASCII, malformed input), which
    /// the general path then reads and reports.
    ///
    /// An identifier of up to 15 bytes is read as two words whose special-byte mask finds its
    /// closing quote: it is hashed from those words and compared as words, never rescanned.
    /// O(length), eight bytes per step.
    @inline(__always)
    mutating func _plainStringItem() -> Bool {
        let bytes = reader._bytes
        let count = reader._count
        var position = reader._afterWhitespace(from: reader._position)
        if reader._top.count > 0 {
            guard position < count, bytes[position] == UInt8(ascii: ",") else { return false }
            position = reader._afterWhitespace(from: position &+ 1)
        }
        guard position < count, bytes[position] == UInt8(ascii: "\"") else { return false }
        let quote = position
        let start = position &+ 1
        if start &+ 16 <= count {
            let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self))
            var special = JSONReader._specialBytes(first)
            var length = 0
            if special == 0 {
                special = JSONReader._specialBytes(second)
                length = 8
            }
            if special != 0 {
                length &+= special.trailingZeroBitCount &>> 3
                guard bytes[start &+ length] == UInt8(ascii: "\"") else { return false }
                let (low, high) = WireID._maskedWords(first, second, count: length)
                let hash = _IDHash.short(low: low, high: high, seed: table.seed)
                let entry = table.internShort(low: low, high: high, hash: hash)
                reader._position = start &+ length &+ 1
                reader._top.count &+= 1
                noteItem(entry, offset: quote)
                items.append(WireSnapshot.Item(WireID(_low: low, high: high, hash: hash)))
                return true
            }
        }
        position = reader._plainRunEnd(from: start)
        while position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position &+= 1
        }
        guard position < count, bytes[position] == UInt8(ascii: "\"") else { return false }
        reader._position = position &+ 1
        reader._top.count &+= 1
        let entry = table.intern(bytes, start: start, end: position)
        noteItem(entry, offset: quote)
        items.append(WireSnapshot.Item(table[entry].id))
        return true
    }
}
