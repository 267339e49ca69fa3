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
        var position = reader._afterWhitespace(from: reader._position)
        if reader._top.count > 0 {
            guard position < count, bytes[position] == UInt8(ascii: ",") else { return nil }
            position = reader._afterWhitespace(from: position &+ 1)
        }
        guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let quote = position
        let start = position &+ 1
        position = reader._plainRunEnd(from: start)
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
}
