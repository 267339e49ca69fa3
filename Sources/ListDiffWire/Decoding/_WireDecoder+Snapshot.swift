@_spi(Unchecked) import ListDiff
import ListDiffJSON

extension _WireDecoder {
    static let itemMembers: [StaticString] = ["id", "content", "kind", "children", "expanded"]
    /// The longest kind, in UTF-8 bytes.
    static let maxKindBytes = 256
    static let sectionMembers: [StaticString] = ["id", "items", "content", "outline"]
    static let snapshotMembers: [StaticString] = ["sections", "items", "reloaded", "reconfigured", "reloadedSections"]

    /// Reads an item without children: an identifier, or `{"id": …, "content"?: any,
    /// "kind"?: string}` (the items of a changeset's values). O(length).
    mutating func readItem() throws(JSONReadError) -> WireSnapshot.Item {
        try appendItem(nests: false)
        return items.removeLast()
    }

    /// Appends an item to ``items``: an identifier, or `{"id": …, "content"?: any,
    /// "kind"?: string, "children"?: [item, …], "expanded"?: bool}`; with `children`, the
    /// subtree follows it in pre-order, every item placed at its depth. Where `children` or
    /// `expanded` appears is noted in ``nesting``: only an outline section may have them, which
    /// the section knows once it has been read whole. O(length).
    mutating func appendItem(nests: Bool = true) throws(JSONReadError) {
        reader.skipWhitespace()
        let isString = reader.offset < reader.input.count && reader.input[reader.offset] == UInt8(ascii: "\"")
        let kind = isString ? .string : try reader.peekKind()
        let start = reader.offset
        guard kind == .object else {
            guard kind == .string || kind == .number else {
                throw reader.error(
                    .typeMismatch, expected: "an item: an identifier or {\"id\": …, \"content\": …}",
                    found: kind.phrase)
            }
            let entry = try readIDEntry()
            noteItem(entry, offset: start)
            let content =
                outlineDepth == 0
                ? nil
                : WireContent.placed(nil, _OutlinePlacement(depth: outlineDepth, hasChildren: false, isExpanded: false))
            items.append(WireSnapshot.Item(table.id(entry), content: content))
            return
        }
        if outlineDepth == 0, let item = _compactContentItem() {
            items.append(item)
            return
        }
        try reader.beginObject()
        // The item's place in pre-order, before its children, filled in once its members are read.
        let slot = items.count
        items.append(WireSnapshot.Item(WireID.flatSection))
        var members = _MemberSet(Self.itemMembers, allowed: nests ? .max : 0b111)
        var entry = -1
        var idOffset = start
        var value: JSONCapturedValue?
        var cellKind: _CellKindName?
        var expanded = false
        while let member = try nextMember(&members) {
            switch member {
            case 0:
                _ = try reader.peekKind()
                idOffset = reader.offset
                entry = try readIDEntry()
            case 1:
                value = try reader.captureValue()
            case 2:
                cellKind = try readKind()
            case 3:
                noteNesting()
                try appendChildren()
            default:
                noteNesting()
                expanded = try reader.readBool()
            }
        }
        guard entry >= 0 else { throw missing("id", in: "an item object", objectStart: start) }
        noteItem(entry, offset: idOffset)
        let placement = _OutlinePlacement(
            depth: outlineDepth, hasChildren: items.count > slot + 1, isExpanded: expanded)
        items[slot] = WireSnapshot.Item(
            table.id(entry), content: WireContent.placed(content(value, kind: cellKind), placement))
    }

    /// Appends the items of a `children` array, one level deeper. O(length).
    mutating func appendChildren() throws(JSONReadError) {
        let kind = try reader.peekKind()
        guard kind == .array else {
            throw reader.error(.typeMismatch, expected: "children: an array of items", found: kind.phrase)
        }
        try reader.beginArray()
        outlineDepth += 1
        defer { outlineDepth -= 1 }
        while try reader.hasNextElement() { try appendItem() }
    }

    /// Remembers where the first `children` or `expanded` member of the items being read is.
    /// Cold path (once per section at most).
    mutating func noteNesting() {
        if nesting == nil { nesting = (reader.offset, reader.pointer) }
    }

    /// An error at the first `children` or `expanded` member read since ``nesting`` was
    /// cleared, if there was one: `what` may not nest.
    mutating func refuseNesting(in what: String) throws(JSONReadError) {
        guard let (offset, pointer) = nesting else { return }
        nesting = nil
        throw reader.error(
            .schemaViolation, at: offset, pointer: pointer,
            expected: "\"children\" and \"expanded\" only in a section with \"outline\": true",
            found: "an item with them in \(what)")
    }

    /// An item's content from its captured value (`null` is none) and its kind. O(1).
    func content(_ value: JSONCapturedValue?, kind: _CellKindName?) -> WireContent? {
        guard let value, value.kind != .null else { return kind.map { WireContent(kind: $0) } }
        return WireContent(fingerprint: value.fingerprint, body: body, range: value.range, kind: kind)
    }

    /// Reads an item's kind: a string of 1 to ``maxKindBytes`` UTF-8 bytes, in the box of the
    /// previous item's kind when it is the same. O(length).
    mutating func readKind() throws(JSONReadError) -> _CellKindName {
        reader.skipWhitespace()
        let start = reader.offset
        let pointer = reader.pointer
        let kind = try reader.readStringValue()
        guard !kind.isEmpty, kind.utf8.count <= Self.maxKindBytes else {
            throw reader.error(
                .schemaViolation, at: start, pointer: pointer,
                expected: "a kind: a string of 1 to \(Self.maxKindBytes) bytes",
                found: kind.isEmpty ? "an empty string" : "a string of \(kind.utf8.count) bytes")
        }
        if let lastKind, lastKind.text == kind { return lastKind }
        let name = _CellKindName(kind)
        lastKind = name
        return name
    }

    /// Reads an array of items. O(total length).
    mutating func readItems() throws(JSONReadError) -> ContiguousArray<WireSnapshot.Item> {
        try reader.beginArray()
        if let whole = try _wholePlainInlineArray() { return whole }
        // After a string that only the single-item path read (a long identifier), the next are
        // tried there first: a failed run costs more than the item.
        var singly = false
        while true {
            if !singly, _plainInlineItems() { continue }
            if _plainStringItem() {
                singly = true
                continue
            }
            singly = false
            guard try reader.hasNextElement() else { break }
            try appendItem()
        }
        return items.take()
    }

    /// Reads a section object `{"id": …, "items"?: […], "content"?: any, "outline"?: bool}`;
    /// only an outline's items may nest. O(length).
    mutating func readSection() throws(JSONReadError) -> WireSnapshot.Section {
        let start = try beginSectionObject(expected: "a section: {\"id\": …, \"items\": […]}")
        var members = _MemberSet(Self.sectionMembers)
        var entry = -1
        var items = ContiguousArray<WireSnapshot.Item>()
        var content: WireContent?
        var isOutline = false
        nesting = nil
        while let member = try nextMember(&members) {
            switch member {
            case 0: entry = try readSectionIDEntry()
            case 1: items = try readItems()
            case 2: content = try readContent()
            default: isOutline = try reader.readBool()
            }
        }
        guard entry >= 0 else { throw missing("id", in: "a section object", objectStart: start) }
        if isOutline {
            nesting = nil
            content = WireContent.placed(content, .outlineSection)
        } else {
            try refuseNesting(in: "a section that is not an outline")
        }
        return WireSnapshot.Section(table.id(entry), content: content, items: items)
    }

    /// Enters a section object (`expected` names it in the error when it is not one) and
    /// answers where it starts. O(1).
    mutating func beginSectionObject(expected: String) throws(JSONReadError) -> Int {
        let kind = try reader.peekKind()
        let start = reader.offset
        guard kind == .object else { throw reader.error(.typeMismatch, expected: expected, found: kind.phrase) }
        try reader.beginObject()
        return start
    }

    /// Reads a section's identifier, noted for the check that sections are unique. O(length).
    mutating func readSectionIDEntry() throws(JSONReadError) -> Int {
        _ = try reader.peekKind()
        let offset = reader.offset
        let entry = try readIDEntry()
        noteSection(entry, offset: offset)
        return entry
    }

    /// Reads an array of section objects. O(total length).
    mutating func readSections() throws(JSONReadError) -> ContiguousArray<WireSnapshot.Section> {
        var sections = ContiguousArray<WireSnapshot.Section>()
        try reader.beginArray()
        while try reader.hasNextElement() { sections.append(try readSection()) }
        return sections
    }

    /// Reads a snapshot: a bare array of items (flat), `{"items": […], marks…}` (flat) or
    /// `{"sections": […], marks…}`. Identifiers must be unique (items across all sections,
    /// sections among sections) and marks must name elements of this snapshot.
    /// O(length) expected.
    mutating func readSnapshot() throws(JSONReadError) -> WireSnapshotDocument {
        ordinal &+= 1
        duplicateItems = _Duplicates()
        duplicateSections = _Duplicates()
        let kind = try reader.peekKind()
        let start = reader.offset
        nesting = nil
        if kind == .array {
            let items = try readItems()
            try refuseNesting(in: "a flat list")
            try duplicateItems.check("item", reader: reader)
            let section = WireSnapshot.Section(WireID.flatSection, items: items)
            return WireSnapshotDocument(snapshot: WireSnapshot(uncheckedUniqueSections: [section]), isFlat: true)
        }
        guard kind == .object else {
            throw reader.error(
                .typeMismatch, expected: "a snapshot: an array of items or {\"sections\": […]}", found: kind.phrase)
        }
        try reader.beginObject()
        var members = _MemberSet(Self.snapshotMembers)
        var sections = ContiguousArray<WireSnapshot.Section>()
        var marks = _SnapshotMarks()
        while let member = try nextMember(&members) {
            switch member {
            case 0: sections = try readSections()
            case 1:
                if members.has(0) { throw flatAndSectioned() }
                sections = [WireSnapshot.Section(WireID.flatSection, items: try readItems())]
                try refuseNesting(in: "a flat list")
            case 2: marks.reloaded = try readIDEntries(offsets: &marks.reloadedOffsets)
            case 3: marks.reconfigured = try readIDEntries(offsets: &marks.reconfiguredOffsets)
            default: marks.reloadedSections = try readIDEntries(offsets: &marks.reloadedSectionOffsets)
            }
            if member == 0, members.has(1) { throw flatAndSectioned() }
        }
        guard members.has(0) || members.has(1) else {
            throw reader.error(
                .schemaViolation, at: start, pointer: reader.pointer,
                expected: "a snapshot with a \"sections\" (or, for a flat list, \"items\") member",
                found: "an object with neither")
        }
        try duplicateSections.check("section", reader: reader)
        try duplicateItems.check("item", reader: reader)
        var snapshot = WireSnapshot(uncheckedUniqueSections: sections)
        if !marks.isEmpty {
            try marks.validate(table: table, ordinal: ordinal, decoder: self)
            try marks.apply(to: &snapshot, table: table, decoder: self)
        }
        return WireSnapshotDocument(snapshot: snapshot, isFlat: members.has(1))
    }

    /// "Both sections and items" at the member just read. Cold path.
    func flatAndSectioned() -> JSONReadError {
        reader.error(
            .schemaViolation, expected: "either \"sections\" (sectioned) or \"items\" (a flat list), not both",
            found: "both members")
    }

    /// The size from which a diff request's items are numbered for the diff
    /// (``WireDiffRequest/itemCodes``): about 250 short identifiers a side.
    static let minNumberedRequestBytes = 4 << 10

    /// Reads a diff request `{"old": S, "new": S}`; both flat or both sectioned.
    /// O(length) expected.
    mutating func readDiffRequest() throws(JSONReadError) -> WireDiffRequest {
        let kind = try reader.peekKind()
        let start = reader.offset
        guard kind == .object else {
            throw reader.error(.typeMismatch, expected: "a diff request {\"old\": …, \"new\": …}", found: kind.phrase)
        }
        try reader.beginObject()
        var members = _MemberSet(["old", "new"])
        var old: WireSnapshotDocument?
        var new: WireSnapshotDocument?
        var codes: (old: [UInt32], new: [UInt32]) = ([], [])
        // A small request's items are hashed again by the diff: cheaper than the three
        // allocations numbering them takes (the codes of each side, the diff's slots).
        recordsItemCodes = reader.input.count >= Self.minNumberedRequestBytes
        while let member = try nextMember(&members) {
            _ = try reader.peekKind()
            let valueStart = reader.offset
            itemCodes.count = 0
            let document = try readSnapshot()
            if recordsItemCodes {
                let taken = Array(itemCodes.take())
                if member == 0 { codes.old = taken } else { codes.new = taken }
            }
            let other = member == 0 ? new : old
            if let other, other.isFlat != document.isFlat {
                let this = member == 0 ? "old" : "new"
                let that = member == 0 ? "new" : "old"
                // The request is the whole body, so its member's pointer is built here, on
                // the error path only: the reader's own pointer allocates on every request.
                throw reader.error(
                    .schemaViolation, at: valueStart, pointer: JSONPointer().appending(key: this),
                    expected: "\"\(this)\" in the same form as \"\(that)\" (both flat lists or both sectioned)",
                    found: document.isFlat
                        ? "a flat list while \"\(that)\" is sectioned"
                        : "a sectioned snapshot while \"\(that)\" is a flat list")
            }
            if member == 0 { old = document } else { new = document }
        }
        guard let old else { throw missing("old", in: "a diff request", objectStart: start) }
        guard let new else { throw missing("new", in: "a diff request", objectStart: start) }
        guard recordsItemCodes else { return WireDiffRequest(old: old.snapshot, new: new.snapshot, isFlat: new.isFlat) }
        recordsItemCodes = false
        // An outline's items are noted out of order (a parent after its children) and diffed
        // as visible rows, which the codes do not number.
        let numbered =
            codes.old.count == old.snapshot.numberOfItems && codes.new.count == new.snapshot.numberOfItems
            && !old.snapshot.hasOutlines && !new.snapshot.hasOutlines
        return WireDiffRequest(
            old: old.snapshot, new: new.snapshot, isFlat: new.isFlat,
            itemCodes: numbered ? ItemCodes(old: codes.old, new: codes.new, count: table.count) : nil)
    }
}
