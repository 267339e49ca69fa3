@_spi(Unchecked) import ListDiffJSON

extension _WireDecoder {
    /// Reads the item object at the current offset when it is written exactly as clients and
    /// our writer write it, `{"id":"<plain identifier>","content":<value>}`: no whitespace
    /// around the structure, these two members in this order, an identifier without escapes
    /// or non-ASCII bytes. One pass, without entering the object in the reader. Returns nil,
    /// having consumed nothing, for anything else (a kind included, and malformed content),
    /// which ``readItem()`` then reads and reports with the exact pointer. O(length).
    mutating func _compactContentItem() -> WireSnapshot.Item? {
        let bytes = reader.input
        let count = bytes.count
        let objectStart = reader.offset
        guard Self._matches(bytes, count, at: objectStart, #"{"id":""#) else { return nil }
        let start = objectStart &+ 7
        let end = reader.plainStringEnd(from: start)
        guard Self._matches(bytes, count, at: end, #"","content":"#) else { return nil }
        reader.moveUnchecked(to: end &+ 12)
        guard let captured = try? reader.captureValue(), reader.offset < count,
            bytes[reader.offset] == UInt8(ascii: "}")
        else {
            reader.moveUnchecked(to: objectStart)
            return nil
        }
        reader.moveUnchecked(to: reader.offset &+ 1)
        let entry = table.intern(bytes, start: start, end: end)
        noteItem(entry, offset: start &- 1)
        let content =
            captured.kind == .null
            ? nil
            : WireContent(fingerprint: captured.fingerprint, body: body, range: captured.range)
        return WireSnapshot.Item(table.id(entry), content: content)
    }

    /// Whether `bytes[offset...]` starts with `literal`. O(literal length).
    @inline(__always)
    static func _matches(_ bytes: UnsafeRawBufferPointer, _ count: Int, at offset: Int, _ literal: StaticString) -> Bool
    {
        let length = literal.utf8CodeUnitCount
        guard offset &+ length <= count else { return false }
        return RawBytes.equal(
            bytes, offset, UnsafeRawBufferPointer(start: literal.utf8Start, count: length), 0, count: length)
    }
}
