import ListDiff
import ListDiffJSON

extension _WireDecoder {
    static let freshMembers: [StaticString] = ["sections", "items"]
    static let freshSectionMembers: [StaticString] = ["at", "section"]
    static let freshItemMembers: [StaticString] = ["at", "item", "level", "parent", "hasChildren", "expanded"]
    static let freshSectionBodyMembers: [StaticString] = ["id", "content", "outline", "items"]

    /// Reads fresh elements as ``_WireEncoder/writeFreshElements(_:flat:rows:)`` writes them;
    /// `at` as written when `flat` is nil. An outline section's row (`level`, `hasChildren`,
    /// `expanded`) becomes its item's placement, so the item is the row the server diffed.
    /// Identifiers are not checked for duplicates here: the engine checks the list they build.
    /// O(length).
    mutating func readFreshElements(flat: Bool?) throws(JSONReadError) -> WireFreshElements {
        let saved = ordinal
        ordinal = 0
        defer { ordinal = saved }
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.freshMembers)
        var fresh = WireFreshElements()
        while let member = try nextMember(&members) {
            try reader.beginArray()
            while try reader.hasNextElement() {
                reader.skipWhitespace()
                let elementStart = reader.offset
                try reader.beginObject()
                var parts = _MemberSet(member == 0 ? Self.freshSectionMembers : Self.freshItemMembers)
                var section: Int?
                var path: ItemPath?
                var element: (section: WireSnapshot.Section?, item: WireSnapshot.Item?)
                var row = _RowMembers()
                while let part = try nextMember(&parts) {
                    switch (member, part) {
                    case (0, 0): section = try reader.readInt()
                    case (0, _): element.section = try readFreshSection()
                    case (_, 0):
                        if try isFlatPath(flat) {
                            path = ItemPath(section: 0, item: try reader.readInt())
                        } else {
                            try reader.beginArray()
                            path = try readPathBody()
                        }
                    case (_, 1): element.item = try readItem()
                    default: try row.read(part - 2, with: &self)
                    }
                }
                try requireMembers(
                    parts, 0b11, in: member == 0 ? "a fresh section" : "a fresh item", objectStart: elementStart)
                if let section, let value = element.section { fresh.sections[section] = value }
                if let path, let value = element.item { fresh.items[path] = row.placing(value) }
            }
        }
        try requireMembers(members, flat == false ? 0b11 : 0b10, in: "a changeset's values", objectStart: start)
        return fresh
    }

    /// A fresh section: `{"id", "content"?, "outline"?, "items"}`, an outline's items being
    /// rows (`{"item", "level", "parent"?, "hasChildren", "expanded"}`; the writer puts
    /// `outline` before `items`, which is how a row is told from an item object). O(length).
    mutating func readFreshSection() throws(JSONReadError) -> WireSnapshot.Section {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.freshSectionBodyMembers)
        var id: WireID?
        var content: WireContent?
        var isOutline = false
        var items = ContiguousArray<WireSnapshot.Item>()
        while let member = try nextMember(&members) {
            switch member {
            case 0: id = try readID()
            case 1: content = try readContent()
            case 2: isOutline = try reader.readBool()
            default:
                try reader.beginArray()
                while try reader.hasNextElement() {
                    let kind = try reader.peekKind()
                    if !isOutline || kind != .object {
                        items.append(try readItem())
                        continue
                    }
                    items.append(try readOutlineRow(requiringPlacement: false))
                }
            }
        }
        guard let id else { throw missing("id", in: "a fresh section", objectStart: start) }
        return WireSnapshot.Section(
            id, content: isOutline ? WireContent.placed(content, .outlineSection) : content, items: items)
    }
}

extension _WireDecoder {
    /// Reads an outline row without `at`, `{"item", "level", "parent"?, "hasChildren",
    /// "expanded"}`, as its item placed where the row says. A fresh section's rows need only
    /// `item`; a stage snapshot's rows need `level`, `hasChildren` and `expanded` too, since
    /// they are all there is of the tree at that point. O(length).
    mutating func readOutlineRow(requiringPlacement: Bool) throws(JSONReadError) -> WireSnapshot.Item {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var parts = _MemberSet(Self.freshItemMembers, allowed: ~1)
        var item: WireSnapshot.Item?
        var row = _RowMembers()
        while let part = try nextMember(&parts) {
            if part == 1 { item = try readItem() } else { try row.read(part - 2, with: &self) }
        }
        try requireMembers(parts, requiringPlacement ? 0b11_0110 : 0b10, in: "an outline row", objectStart: start)
        guard let item else { throw missing("item", in: "an outline row", objectStart: start) }
        return row.placing(item)
    }
}

/// The row members of an outline item in a changeset's values, as they are read.
struct _RowMembers {
    var level: Int?
    var hasChildren = false
    var expanded = false

    /// Reads member `index` of `level`, `parent`, `hasChildren`, `expanded`. O(length).
    mutating func read(_ index: Int, with decoder: inout _WireDecoder) throws(JSONReadError) {
        switch index {
        case 0: level = max(0, try decoder.reader.readInt())
        case 1: _ = try decoder.readID()
        case 2: hasChildren = try decoder.reader.readBool()
        default: expanded = try decoder.reader.readBool()
        }
    }

    /// `item` placed as the row says (unchanged when it says nothing). O(1).
    func placing(_ item: WireSnapshot.Item) -> WireSnapshot.Item {
        guard let level else { return item }
        let placement = _OutlinePlacement(depth: level, hasChildren: hasChildren, isExpanded: expanded)
        return WireSnapshot.Item(item.id, content: WireContent.placed(item.content, placement))
    }
}
