extension _WireDecoder {
    /// The next element of the current item array when it is a plain string identifier
    /// (ASCII, no escapes): scanned, interned and recorded in one pass, with the reader left
    /// exactly as `hasNextElement()` followed by `readItem()` would leave it. Returns nil,
    /// having consumed nothing, for anything else (the end of the array, an object, a
    /// number, escapes, non-ASCII, malformed input), which the general path then reads and
    /// reports. O(length), eight bytes per step.
    @inline(__always)
    mutating func _plainStringItem() -> Int? {
        let bytes = reader._bytes
        let count = reader._count
        var position = reader._position
        if reader._top.count > 0 {
            while position < count, bytes[position] <= 0x20, Self._isWhitespace(bytes[position]) { position &+= 1 }
            guard position < count, bytes[position] == UInt8(ascii: ",") else { return nil }
            position &+= 1
        }
        while position < count, bytes[position] <= 0x20, Self._isWhitespace(bytes[position]) { position &+= 1 }
        guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let quote = position
        let start = position &+ 1
        position = start
        while position &+ 8 <= count {
            let special = JSONReader._specialBytes(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
            if special != 0 {
                position &+= special.trailingZeroBitCount &>> 3
                break
            }
            position &+= 8
        }
        while position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position &+= 1
        }
        guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        reader._position = position &+ 1
        reader._top.count &+= 1
        let entry = table.intern(bytes, start: start, end: position, inputStart: start, input: bytes)
        noteItem(entry, offset: quote)
        return entry
    }

    @inline(__always)
    static func _isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
