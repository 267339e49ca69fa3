import ListDiffJSON

extension _WireDecoder {
    /// Reads a run of the plain string items held inline — up to 15 bytes (ASCII, no escapes)
    /// or canonical UUIDs (`_UUIDText`) — in two passes: the first scans and hashes up to
    /// ``_PendingIDs/capacity`` of them, the second interns, checks and appends them to
    /// ``items``. Neighbouring probes of the intern table then do
    /// not wait on each other, so their cache misses overlap. Returns false, having consumed
    /// nothing, when the next element is not such an item; the reader is left exactly as
    /// `hasNextElement()` and `readItem()` per item would leave it. O(total length).
    @inline(__always)
    mutating func _plainInlineItems() -> Bool {
        let bytes = reader._bytes
        let count = reader._count
        let firstIndex = reader._top.count
        var position = reader._position
        var elementIndex = firstIndex
        var scanned = 0
        while scanned < _PendingIDs.capacity {
            guard let at = reader._nextStringElement(from: position, isFirst: elementIndex == 0) else { break }
            let start = at &+ 1
            guard start &+ 16 <= count else { break }
            let low: UInt64
            let high: UInt64
            var length = _UUIDText.length
            // A dash ninth and a quote 36 bytes on: a UUID, the one longer identifier held inline.
            if bytes[start &+ 8] == UInt8(ascii: "-"), start &+ length < count,
                bytes[start &+ length] == UInt8(ascii: "\""),
                let words = _UUIDText.words(bytes, at: start)
            {
                (low, high) = words
            } else {
                let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self))
                var special = JSONReader._specialBytes(first)
                length = 0
                if special == 0 {
                    special = JSONReader._specialBytes(second)
                    length = 8
                }
                guard special != 0 else { break }
                length &+= special.trailingZeroBitCount &>> 3
                guard bytes[start &+ length] == UInt8(ascii: "\"") else { break }
                (low, high) = WireID._maskedWords(first, second, count: length)
            }
            pending[scanned] = _PendingIDs.Entry(
                low: low, high: high, hash: _IDHash.short(low: low, high: high, seed: table.seed),
                offset: at)
            position = start &+ length &+ 1
            elementIndex &+= 1
            scanned &+= 1
        }
        reader._position = position
        reader._top.count = elementIndex
        for index in 0..<scanned {
            let id = pending[index]
            let entry = table.internShort(low: id.low, high: id.high, hash: id.hash)
            if ordinal != 0 {
                if table[entry].itemMark == ordinal {
                    _noteDuplicateItem(entry, offset: id.offset, arrayIndex: firstIndex &+ index)
                } else {
                    table[entry].itemMark = ordinal
                }
            }
            items.append(WireSnapshot.Item(WireID(_low: id.low, high: id.high, hash: id.hash)))
        }
        return scanned > 0
    }

    /// Notes a duplicate found after its run was scanned, with the pointer of the element at
    /// `arrayIndex` of the current array (the reader has moved past it). Cold path.
    @inline(never)
    mutating func _noteDuplicateItem(_ entry: Int, offset: Int, arrayIndex: Int) {
        let count = reader._top.count
        reader._top.count = arrayIndex &+ 1
        duplicateItems.note(table.id(entry), offset: offset, reader: reader)
        reader._top.count = count
    }

    /// Reads the next element of the current item array when it is a plain string identifier
    /// (ASCII, no escapes) — in practice one longer than 15 bytes and not a UUID, or near the
    /// end of the input, the others being read by ``_plainInlineItems()``: scanned, interned, checked for
    /// duplicates and appended to ``items`` in one pass, with the reader left exactly as
    /// `hasNextElement()` followed by `readItem()` would leave it. Returns false, having
    /// consumed nothing, for anything else (the end of the array, an object, a number,
    /// escapes, non-ASCII, malformed input), which the general path then reads and reports.
    /// O(length), eight bytes per step.
    @inline(__always)
    mutating func _plainStringItem() -> Bool {
        let bytes = reader._bytes
        let count = reader._count
        guard let quote = reader._nextStringElement(from: reader._position, isFirst: reader._top.count == 0) else {
            return false
        }
        let start = quote &+ 1
        let position = reader._plainStringEnd(from: start)
        guard position < count, bytes[position] == UInt8(ascii: "\"") else { return false }
        reader._position = position &+ 1
        reader._top.count &+= 1
        let entry = table.intern(bytes, start: start, end: position)
        noteItem(entry, offset: quote)
        items.append(WireSnapshot.Item(table.id(entry)))
        return true
    }
}
