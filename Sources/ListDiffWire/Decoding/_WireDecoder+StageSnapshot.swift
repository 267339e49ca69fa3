@_spi(Unchecked) import ListDiff
import ListDiffJSON

extension _WireDecoder {
    static let stageSnapshotMembers: [StaticString] = ["sections"]
    static let stageSectionMembers: [StaticString] = ["id", "content", "outline", "items", "rows"]

    /// Reads a stage's snapshot as ``_WireEncoder/_writeStageSnapshot(_:flat:)`` writes it: a
    /// flat list's items, or `{"sections": […]}` whose outline sections come as rows, each row
    /// its item placed at its level with its disclosure — the rows the next stage indexes.
    /// Identifiers must be unique, as in any snapshot. O(length) expected.
    mutating func readStageSnapshot() throws(JSONReadError) -> WireSnapshot {
        guard try reader.peekKind() == .object else { return try readSnapshot().snapshot }
        ordinal &+= 1
        duplicateItems = _Duplicates()
        duplicateSections = _Duplicates()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.stageSnapshotMembers)
        var sections = ContiguousArray<WireSnapshot.Section>()
        while try nextMember(&members) != nil {
            try reader.beginArray()
            while try reader.hasNextElement() { sections.append(try readStageSection()) }
        }
        try requireMembers(members, 0b1, in: "a stage's snapshot", objectStart: start)
        try duplicateSections.check("section", reader: reader)
        try duplicateItems.check("item", reader: reader)
        return WireSnapshot(uncheckedUniqueSections: sections)
    }

    /// `{"id", "content"?, "items"}` for a flat section, `{"id", "content"?, "outline": true,
    /// "rows"}` for an outline. O(length).
    mutating func readStageSection() throws(JSONReadError) -> WireSnapshot.Section {
        let start = try beginSectionObject(
            expected: "a section of a stage's snapshot: {\"id\": …, \"items\" or \"rows\": […]}")
        var members = _MemberSet(Self.stageSectionMembers)
        var entry = -1
        var content: WireContent?
        var isOutline = false
        var items = ContiguousArray<WireSnapshot.Item>()
        nesting = nil
        while let member = try nextMember(&members) {
            switch member {
            case 0: entry = try readSectionIDEntry()
            case 1: content = try readContent()
            case 2: isOutline = try reader.readBool()
            case 3:
                items = try readItems()
                try refuseNesting(in: "a section of a stage's snapshot (an outline comes as rows)")
            default:
                try reader.beginArray()
                while try reader.hasNextElement() { items.append(try readOutlineRow(requiringPlacement: true)) }
            }
        }
        guard entry >= 0 else { throw missing("id", in: "a section of a stage's snapshot", objectStart: start) }
        let form: (required: StaticString, refused: StaticString) = isOutline ? ("rows", "items") : ("items", "rows")
        if members.has(isOutline ? 3 : 4) || !members.has(isOutline ? 4 : 3) {
            throw reader.error(
                .schemaViolation, at: start, pointer: reader.pointer,
                expected:
                    "a\(isOutline ? "n outline" : " flat") section of a stage's snapshot with \"\(form.required)\"",
                found: members.has(isOutline ? 3 : 4) ? "\"\(form.refused)\"" : "no \"\(form.required)\"")
        }
        return WireSnapshot.Section(
            table.id(entry), content: isOutline ? WireContent.placed(content, .outlineSection) : content, items: items)
    }
}
