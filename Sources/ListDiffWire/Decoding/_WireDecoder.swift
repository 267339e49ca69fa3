import ListDiff
import ListDiffJSON

/// The state of one decode: the reader, the request's intern table, the shared body buffer
/// that content ranges point into, and the duplicates found in the snapshot being read.
/// Cold paths (errors) build pointers; the hot path allocates only the item arrays and the
/// text of identifiers longer than 15 bytes, once per distinct identifier.
internal struct _WireDecoder {
    var reader: JSONReader
    var table: _InternTable
    let body: _WireBody
    let unknownMembers: WireDecodingOptions.UnknownMembers
    /// The mark of the snapshot being read (1, 2, …), or 0 when duplicates are not checked.
    var ordinal: UInt32 = 0
    var duplicateItems = _Duplicates()
    var duplicateSections = _Duplicates()
    /// Whether each item of a snapshot has its entry appended to ``itemCodes`` as it is read
    /// (a diff request's: see ``WireDiffRequest/itemCodes``).
    var recordsItemCodes = false
    /// The entries of the items noted since the last take, in the order they were noted.
    var itemCodes: _DecodeBuffer<UInt32>
    /// Where ``readItems()`` collects the items of each array.
    var items: _DecodeBuffer<WireSnapshot.Item>
    /// Where ``_scanPlainInlineItems()`` keeps a run of scanned identifiers.
    let pending: _PendingIDs
    /// The last kind read: the items of a feed repeat a few kinds, and share their boxes.
    var lastKind: _CellKindName?
    /// The depth of the items being read: 0 at the top of an item array, +1 per `children`.
    var outlineDepth = 0
    /// Where the first `children` or `expanded` member of the items being read was.
    var nesting: (offset: Int, pointer: JSONPointer)?

    /// Runs `work` with a decoder over `bytes`. O(1) plus `work`.
    static func run<R>(
        _ bytes: [UInt8], options: WireDecodingOptions, _ work: (inout _WireDecoder) throws(JSONReadError) -> R
    ) throws(JSONReadError) -> R {
        let body = _WireBody(bytes)
        let result = body.bytes.withUnsafeBytes { (buffer) -> Result<R, JSONReadError> in
            do throws(JSONReadError) {
                let codeCapacity = _DecodeBuffer<UInt32>.startingCapacity(min(buffer.count / 4, 1 << 18))
                let itemCapacity = _DecodeBuffer<WireSnapshot.Item>.startingCapacity(min(buffer.count / 8, 1 << 18))
                var arena = _DecodeArena(
                    byteCount: _InternTable.arenaBytes(inputBytes: buffer.count)
                        + _DecodeArena.bytes(for: UInt32.self, count: codeCapacity)
                        + _DecodeArena.bytes(for: WireSnapshot.Item.self, count: itemCapacity)
                        + _DecodeArena.bytes(
                            for: _PendingIDs.Entry.self, count: _PendingIDs.capacity(inputBytes: buffer.count)))
                defer { arena.deallocate() }
                var decoder = _WireDecoder(
                    reader: try JSONReader(bytes: buffer, options: options.read),
                    table: _InternTable(inputBytes: buffer.count, arena: &arena), body: body,
                    unknownMembers: options.unknownMembers,
                    itemCodes: _DecodeBuffer(capacity: codeCapacity, arena: &arena),
                    items: _DecodeBuffer(capacity: itemCapacity, arena: &arena),
                    pending: _PendingIDs(inputBytes: buffer.count, arena: &arena))
                defer {
                    decoder.table.deallocate()
                    decoder.items.deallocate()
                    decoder.itemCodes.deallocate()
                }
                let value = try work(&decoder)
                try decoder.reader.finish()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The index in `members.names` of the next member of the current object, or nil after
    /// its `}`. Unknown members are rejected or skipped; a repeated member is an error.
    /// O(name length × members).
    mutating func nextMember(_ members: inout _MemberSet) throws(JSONReadError) -> Int? {
        while let key = try reader.nextMember() {
            var found = -1
            for (index, name) in members.names.enumerated()
            where members.allowed & (1 &<< UInt32(index)) != 0 && key == name {
                found = index
                break
            }
            if found < 0 {
                if unknownMembers == .ignore {
                    try reader.skipValue()
                    continue
                }
                throw reader.error(
                    .schemaViolation, expected: "one of the members \(members.phrase)",
                    found: "an unknown member \"\(key.string)\"\(Self.didYouMean(key.string, members.allowedNames))")
            }
            if members.has(found) {
                throw reader.error(
                    .schemaViolation, expected: "each member at most once",
                    found: "a second \"\(members.names[found])\" member")
            }
            members.seen |= 1 &<< UInt32(found)
            return found
        }
        return nil
    }

    /// ` (did you mean "x"?)` when `name` looks like a typo of one of `known`, else nothing.
    static func didYouMean(_ name: String, _ known: [String]) -> String {
        NearestName.suggestion(for: name, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// The first of the `required` members (bits over `members.names`) that the object just
    /// ended at `start` lacked, as a missing-member error. O(1).
    func requireMembers(_ members: _MemberSet, _ required: UInt32, in what: String, objectStart start: Int)
        throws(JSONReadError)
    {
        let absent = required & ~members.seen
        guard absent != 0 else { return }
        throw missing(members.names[absent.trailingZeroBitCount], in: what, objectStart: start)
    }

    /// A "missing member" error for the object that just ended at `start`. Cold path.
    func missing(_ name: StaticString, in what: String, objectStart start: Int) -> JSONReadError {
        reader.error(
            .schemaViolation, at: start, pointer: reader.pointer,
            expected: "\(what) with a \"\(name)\" member", found: "an object without \"\(name)\"")
    }

    /// Reads an identifier (a string, or an integer written in decimal) and interns it. Strings
    /// take a fast path straight over the reader's scanner: no `JSONString`, no kind peek.
    /// O(length) expected.
    mutating func readIDEntry() throws(JSONReadError) -> Int {
        reader.skipWhitespace()
        if reader.offset < reader.input.count, reader.input[reader.offset] == UInt8(ascii: "\"") {
            return try reader.readString().withUTF8 { table.intern($0, start: 0, end: $0.count) }
        }
        let kind = try reader.peekKind()
        switch kind {
        case .number:
            let value: Int
            do {
                value = try reader.readInt()
            } catch  where error.kind == .typeMismatch {
                var refined = error
                refined.expected = "an identifier: a string, or an integer without fraction or exponent"
                throw refined
            }
            var text = String(value)
            return text.withUTF8 { table.intern(UnsafeRawBufferPointer($0), start: 0, end: $0.count) }
        default:
            throw reader.error(.typeMismatch, expected: "an identifier (a string or an integer)", found: kind.phrase)
        }
    }

    /// Reads an identifier. O(length) expected.
    mutating func readID() throws(JSONReadError) -> WireID {
        // Intern first: `table.id(try readIDEntry())` reads `table` before the argument runs,
        // and that copy lacks a long identifier the read has just added.
        let entry = try readIDEntry()
        return table.id(entry)
    }

    /// Reads an array of identifiers; `offsets` receives each one's byte offset.
    /// O(total length).
    mutating func readIDEntries(offsets: inout [Int]) throws(JSONReadError) -> [Int] {
        var entries: [Int] = []
        try reader.beginArray()
        while try reader.hasNextElement() {
            _ = try reader.peekKind()
            offsets.append(reader.offset)
            entries.append(try readIDEntry())
        }
        return entries
    }

    /// Reads any JSON value as content; `null` is no content. O(length).
    mutating func readContent() throws(JSONReadError) -> WireContent? {
        let captured = try reader.captureValue()
        if captured.kind == .null { return nil }
        return WireContent(fingerprint: captured.fingerprint, body: body, range: captured.range)
    }

    /// Records the item identifier at `entry` read at `offset` in the current snapshot, noting a
    /// duplicate. O(1) unless it is the first duplicate (then O(path)).
    @inline(__always)
    mutating func noteItem(_ entry: Int, offset: Int) {
        guard ordinal != 0 else { return }
        if recordsItemCodes { itemCodes.append(UInt32(truncatingIfNeeded: entry)) }
        if table[entry].itemMark == ordinal {
            duplicateItems.note(table.id(entry), offset: offset, pointer: reader.pointer)
        } else {
            table[entry].itemMark = ordinal
        }
    }

    /// Records a section identifier, like ``noteItem(_:offset:)``.
    mutating func noteSection(_ entry: Int, offset: Int) {
        guard ordinal != 0 else { return }
        if table[entry].sectionMark == ordinal {
            duplicateSections.note(table.id(entry), offset: offset, pointer: reader.pointer)
        } else {
            table[entry].sectionMark = ordinal
        }
    }
}
