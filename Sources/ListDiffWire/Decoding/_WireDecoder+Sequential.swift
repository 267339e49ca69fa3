import ListDiff
import ListDiffJSON

extension _WireDecoder {
    static let sequentialMembers: [StaticString] = ["op", "section", "at", "count", "from", "to", "kind"]

    /// Reads a sequential changeset as ``_WireEncoder/writeSequential(_:flat:)`` writes it.
    /// O(length).
    mutating func readSequential(flat: Bool?) throws(JSONReadError) -> SequentialChangeset {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(["operations"])
        var changeset = SequentialChangeset()
        while try nextMember(&members) != nil {
            try reader.beginArray()
            while try reader.hasNextElement() { changeset.operations.append(try readSequentialOperation(flat: flat)) }
        }
        try requireMembers(members, 1, in: "a sequential changeset", objectStart: start)
        return changeset
    }

    /// Reads one operation. Every member its `op` takes is required and no other is allowed
    /// (unless unknown members are ignored); `from`/`to` are `[section, item]` for sectioned
    /// item moves and plain indexes otherwise. O(length).
    mutating func readSequentialOperation(flat: Bool?) throws(JSONReadError) -> SequentialOperation {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.sequentialMembers)
        var offsets = [Int](repeating: start, count: Self.sequentialMembers.count)
        var op = ""
        var numbers = [Int](repeating: 0, count: 4)
        var paths = [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)]
        var givenAsPath = [false, false]
        var kind = ""
        while let member = try nextMember(&members) {
            let valueKind = try reader.peekKind()
            offsets[member] = reader.offset
            switch member {
            case 0: op = try reader.readStringValue()
            case 4 where valueKind == .array, 5 where valueKind == .array:
                try reader.beginArray()
                paths[member - 4] = try readPathBody()
                givenAsPath[member - 4] = true
            case 4, 5: paths[member - 4] = ItemPath(section: 0, item: try reader.readInt())
            case 6: kind = try reader.readStringValue()
            default: numbers[member] = try reader.readInt()
            }
        }
        let pointer = reader.pointer
        try requireMembers(members, op == "change" ? 1 | 1 << 6 : 1, in: "a sequential operation", objectStart: start)
        guard let shape = _SequentialShape(op: op, kind: kind) else {
            throw reader.error(
                .schemaViolation, at: offsets[0], pointer: pointer.appending(key: "op"),
                expected:
                    "a sequential operation (\(flat == true ? "remove, insert, move, change" : "deleteItems, insertItems, moveItem, …"))",
                found: "op \"\(op)\"\(op == "change" ? " with kind \"\(kind)\"" : "")")
        }
        try checkSequentialMembers(shape, seen: members.seen, offsets: offsets, objectStart: start, pointer: pointer)
        // Either form (`flat` nil): each move endpoint as written.
        let wantsPaths = shape.movesItem && flat == false
        for index in 0..<2 where flat != nil && members.has(4 + index) && givenAsPath[index] != wantsPaths {
            throw reader.error(
                .typeMismatch, at: offsets[4 + index],
                pointer: pointer.appending(key: "\(Self.sequentialMembers[4 + index])"),
                expected: wantsPaths ? "an index path [section, item]" : "an index",
                found: wantsPaths ? "an index" : "an index path")
        }
        return shape.operation(
            section: numbers[1], at: numbers[2], count: numbers[3],
            from: paths[0], to: paths[1])
    }

    /// A required member missing, or (when unknown members are rejected) one the `op` does
    /// not take: an error at the object or at that member.
    func checkSequentialMembers(
        _ shape: _SequentialShape, seen: UInt32, offsets: [Int], objectStart start: Int, pointer: JSONPointer
    ) throws(JSONReadError) {
        let absent = shape.members & ~seen
        if absent != 0 {
            let member = Self.sequentialMembers[absent.trailingZeroBitCount]
            throw reader.error(
                .schemaViolation, at: start, pointer: pointer,
                expected: "a \"\(member)\" member for \"\(shape.name)\"", found: "none")
        }
        let extra = seen & ~shape.members
        if extra != 0, unknownMembers == .reject {
            let member = extra.trailingZeroBitCount
            throw reader.error(
                .schemaViolation, at: offsets[member],
                pointer: pointer.appending(key: "\(Self.sequentialMembers[member])"),
                expected: "only the members \"\(shape.name)\" takes", found: "\"\(Self.sequentialMembers[member])\"")
        }
    }
}
