import ListDiff

extension _WireDecoder {
    static let freshMembers: [StaticString] = ["sections", "items"]
    static let freshSectionMembers: [StaticString] = ["at", "section"]
    static let freshItemMembers: [StaticString] = ["at", "item"]

    /// Reads fresh elements as ``JSONWriter/writeFreshElements(_:flat:)`` writes them; `at`
    /// as written when `flat` is nil. Identifiers are not checked for duplicates here: the
    /// engine checks the list they build. O(length).
    mutating func readFreshElements(flat: Bool?) throws(JSONReadError) -> WireFreshElements {
        let saved = ordinal
        ordinal = 0
        defer { ordinal = saved }
        reader._skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.freshMembers)
        var fresh = WireFreshElements()
        while let member = try nextMember(&members) {
            try reader.beginArray()
            while try reader.hasNextElement() {
                reader._skipWhitespace()
                let elementStart = reader.offset
                try reader.beginObject()
                var parts = _MemberSet(member == 0 ? Self.freshSectionMembers : Self.freshItemMembers)
                var section: Int?
                var path: ItemPath?
                var element: (section: WireSnapshot.Section?, item: WireSnapshot.Item?)
                while let part = try nextMember(&parts) {
                    switch (member, part) {
                    case (0, 0): section = try reader.readInt()
                    case (0, _): element.section = try readSection()
                    case (_, 0):
                        if try isFlatPath(flat) {
                            path = ItemPath(section: 0, item: try reader.readInt())
                        } else {
                            try reader.beginArray()
                            path = try readPathBody()
                        }
                    default: element.item = try readItem()
                    }
                }
                try requireMembers(parts, 0b11, in: member == 0 ? "a fresh section" : "a fresh item", objectStart: elementStart)
                if let section, let value = element.section { fresh.sections[section] = value }
                if let path, let value = element.item { fresh.items[path] = value }
            }
        }
        try requireMembers(members, flat == false ? 0b11 : 0b10, in: "a changeset's values", objectStart: start)
        return fresh
    }
}
