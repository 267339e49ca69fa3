import ListDiff

extension _WireDecoder {
    static let sequentialMembers: [StaticString] = ["op", "section", "at", "count", "from", "to", "kind"]

    /// Reads a sequential changeset as ``JSONWriter/writeSequential(_:flat:)`` writes it.
    /// O(length).
    mutating func readSequential(flat: Bool) throws(JSONReadError) -> SequentialChangeset {
        try reader.beginObject()
        var members = _MemberSet(["operations"])
        var changeset = SequentialChangeset()
        while try nextMember(&members) != nil {
            try reader.beginArray()
            while try reader.hasNextElement() { changeset.operations.append(try readSequentialOperation(flat: flat)) }
        }
        return changeset
    }

    mutating func readSequentialOperation(flat: Bool) throws(JSONReadError) -> SequentialOperation {
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.sequentialMembers)
        var op = ""
        var numbers = [Int](repeating: 0, count: 4)
        var from = IndexPath(section: 0, item: 0)
        var to = IndexPath(section: 0, item: 0)
        var kind = ""
        while let member = try nextMember(&members) {
            switch member {
            case 0: op = try reader.readStringValue()
            case 4, 5:
                let path: IndexPath
                if try reader.peekKind() == .array {
                    try reader.beginArray()
                    path = try readPathBody()
                } else {
                    path = IndexPath(section: 0, item: try reader.readInt())
                }
                if member == 4 { from = path } else { to = path }
            case 6: kind = try reader.readStringValue()
            default: numbers[member] = try reader.readInt()
            }
        }
        let (section, at, count) = (numbers[1], numbers[2], numbers[3])
        switch op {
        case "deleteSections": return .deleteSections(at: at, count: count)
        case "insertSections": return .insertSections(at: at, count: count)
        case "reloadSections": return .reloadSections(at: at, count: count)
        case "moveSection": return .moveSection(from: from.item, to: to.item)
        case "deleteItems", "remove": return .deleteItems(section: section, at: at, count: count)
        case "insertItems", "insert": return .insertItems(section: section, at: at, count: count)
        case "reloadItems": return .reloadItems(section: section, at: at, count: count)
        case "reconfigureItems": return .reconfigureItems(section: section, at: at, count: count)
        case "change" where kind == "reload": return .reloadItems(section: section, at: at, count: count)
        case "change" where kind == "reconfigure": return .reconfigureItems(section: section, at: at, count: count)
        case "moveItem", "move": return .moveItem(from: from, to: to)
        default:
            throw reader.error(.schemaViolation, at: start, pointer: reader.pointer,
                               expected: "a sequential operation (\(flat ? "remove, insert, move, change" : "deleteItems, insertItems, moveItem, …"))",
                               found: "op \"\(op)\"\(op == "change" ? " with kind \"\(kind)\"" : "")")
        }
    }
}
