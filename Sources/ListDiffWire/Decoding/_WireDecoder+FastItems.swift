@_spi(Unchecked) import ListDiff
@_spi(Unchecked) import ListDiffJSON

extension _WireDecoder {
    /// Reads the item array just entered when it is made only of plain string items held
    /// inline (see ``_scanPlainInlineItems()``), into an array of exactly their count: no
    /// copy to size. Returns nil when it is not, with the items scanned so far appended to
    /// ``items`` and the reader after them, where `hasNextElement()` and `readItem()` per item
    /// would have left it. O(total length).
    @inline(__always)
    mutating func _wholePlainInlineArray() throws(JSONReadError) -> ContiguousArray<WireSnapshot.Item>? {
        guard items.count == 0 else { return nil }
        let firstIndex = reader.currentIndex &+ 1
        let scanned = _scanPlainInlineItems()
        guard scanned > 0 else { return nil }
        let end = reader.offsetAfterWhitespace(from: reader.offset)
        guard end < reader.input.count, reader.input[end] == UInt8(ascii: "]") else {
            _internPending(scanned, firstIndex: firstIndex, into: items.reserve(scanned))
            items.count &+= scanned
            return nil
        }
        let array = ContiguousArray<WireSnapshot.Item>(_initializingCapacity: scanned) { buffer, initialized in
            _internPending(scanned, firstIndex: firstIndex, into: buffer.baseAddress.unsafelyUnwrapped)
            initialized = scanned
        }
        // The `]` just seen: this ends the array.
        _ = try reader.hasNextElement()
        return array
    }

    /// Reads a run of the plain string items held inline — up to 15 bytes (ASCII, no escapes)
    /// or canonical UUIDs (`_UUIDText`) — and appends them to ``items``. Returns false, having
    /// consumed nothing, when the next element is not such an item; the reader is left exactly
    /// as `hasNextElement()` and `readItem()` per item would leave it. O(total length).
    @inline(__always)
    mutating func _plainInlineItems() -> Bool {
        let firstIndex = reader.currentIndex &+ 1
        let scanned = _scanPlainInlineItems()
        guard scanned > 0 else { return false }
        _internPending(scanned, firstIndex: firstIndex, into: items.reserve(scanned))
        items.count &+= scanned
        return true
    }

    /// Scans and hashes up to ``_PendingIDs/capacity`` plain string items held inline into
    /// ``pending``, moving the reader past them; returns how many. Stops, before it, at the
    /// first element that is not one. O(total length).
    @inline(__always)
    mutating func _scanPlainInlineItems() -> Int {
        let bytes = reader.input
        let count = bytes.count
        // In locals, which the stores of scanned identifiers cannot change (each is reloaded
        // per identifier otherwise).
        let pending = self.pending
        let seed = table.seed
        var position = reader.offset
        var elementIndex = reader.currentIndex &+ 1
        var scanned = 0
        while scanned < pending.capacity {
            guard let at = reader.stringElementQuote(from: position, isFirst: elementIndex == 0) else { break }
            let start = at &+ 1
            let low: UInt64
            let high: UInt64
            var length = _UUIDText.length
            if start &+ 16 > count {
                // Near the end of the input, where two words no longer fit: byte by byte.
                let end = reader.plainStringEnd(from: start)
                length = end &- start
                guard end < count, bytes[end] == UInt8(ascii: "\""), length <= WireID._inlineCapacity else { break }
                (low, high) = WireID._inlineWords(bytes, start: start, count: length)
            } else if bytes[start &+ 8] == UInt8(ascii: "-"), start &+ length < count,
                bytes[start &+ length] == UInt8(ascii: "\""),
                let words = _UUIDText.words(bytes, at: start)
            {
                (low, high) = words
            } else {
                // The first special byte (see `JSONReader.specialByteMask(_:)`) ends the text: the
                // bytes before it are kept, the rest of the two words zeroed.
                var first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                var second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self))
                let special = JSONReader.specialByteMask(first)
                if special != 0 {
                    length = special.trailingZeroBitCount &>> 3
                    first &= Self._bytesBefore(special)
                    second = 0
                } else {
                    let special = JSONReader.specialByteMask(second)
                    guard special != 0 else { break }
                    length = 8 &+ special.trailingZeroBitCount &>> 3
                    second &= Self._bytesBefore(special)
                }
                guard bytes[start &+ length] == UInt8(ascii: "\"") else { break }
                (low, high) = (first, second | UInt64(truncatingIfNeeded: length) &<< 56)
            }
            pending[scanned] = _PendingIDs.Entry(
                low: low, high: high, hash: ByteHash.hash(low: low, high: high, seed: seed),
                offset: at)
            position = start &+ length &+ 1
            elementIndex &+= 1
            scanned &+= 1
        }
        reader.moveUnchecked(to: position, elementsRead: scanned)
        return scanned
    }

    /// The mask of the bytes of a word below its lowest byte flagged in `special` (whose flags
    /// are the bytes' high bits, as `JSONReader.specialByteMask(_:)` gives them). O(1).
    @inline(__always)
    static func _bytesBefore(_ special: UInt64) -> UInt64 {
        (special & (0 &- special)) &>> 7 &- 1
    }

    /// Interns the first `scanned` identifiers of ``pending`` — the elements `firstIndex…` of
    /// the current array — checks them for duplicates and initializes their items at
    /// `destination`. O(scanned) expected.
    @inline(__always)
    mutating func _internPending(
        _ scanned: Int, firstIndex: Int, into destination: UnsafeMutablePointer<WireSnapshot.Item>
    ) {
        // Written whether or not they are kept: a store costs less than a test per item.
        let codes = itemCodes.reserve(scanned)
        for index in 0..<scanned {
            let id = pending[index]
            let entry = table.internShort(low: id.low, high: id.high, hash: id.hash)
            codes[index] = UInt32(truncatingIfNeeded: entry)
            if ordinal != 0 {
                if table[entry].itemMark == ordinal {
                    _noteDuplicateItem(entry, offset: id.offset, arrayIndex: firstIndex &+ index)
                } else {
                    table[entry].itemMark = ordinal
                }
            }
            (destination + index).initialize(to: WireSnapshot.Item(WireID(_low: id.low, high: id.high, hash: id.hash)))
        }
        if recordsItemCodes, ordinal != 0 { itemCodes.count &+= scanned }
    }

    /// Notes a duplicate found after its run was scanned, with the pointer of the element at
    /// `arrayIndex` of the current array (the reader has moved past it). Cold path.
    @inline(never)
    mutating func _noteDuplicateItem(_ entry: Int, offset: Int, arrayIndex: Int) {
        duplicateItems.note(table.id(entry), offset: offset, pointer: reader.pointer(toElementAt: arrayIndex))
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
        guard let contents = reader.nextPlainStringElement() else { return false }
        let entry = table.intern(reader.input, start: contents.lowerBound, end: contents.upperBound)
        noteItem(entry, offset: contents.lowerBound &- 1)
        items.append(WireSnapshot.Item(table.id(entry)))
        return true
    }
}
