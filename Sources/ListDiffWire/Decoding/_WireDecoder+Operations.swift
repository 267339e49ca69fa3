import ListDiff
import ListDiffJSON

extension _WireDecoder {
    static let operationMembers: [StaticString] = [
        "op", "sections", "section", "items", "item", "before", "after", "parent"
    ]

    /// Reads `{"operations": [op, …]}`. O(length) expected.
    mutating func readOperations() throws(JSONReadError) -> [WireOperation] {
        let kind = try reader.peekKind()
        let start = reader.offset
        guard kind == .object else {
            throw reader.error(.typeMismatch, expected: "an operations list {\"operations\": […]}", found: kind.phrase)
        }
        try reader.beginObject()
        var members = _MemberSet(["operations"])
        var operations: [WireOperation] = []
        while try nextMember(&members) != nil {
            try reader.beginArray()
            while try reader.hasNextElement() { operations.append(try readOperation()) }
        }
        guard members.has(0) else { throw missing("operations", in: "an operations list", objectStart: start) }
        return operations
    }

    /// Reads one operation object; members may come in any order, so values are read by
    /// type and checked against the `op` once the object ends. O(length) expected.
    mutating func readOperation() throws(JSONReadError) -> WireOperation {
        let kind = try reader.peekKind()
        let start = reader.offset
        guard kind == .object else {
            throw reader.error(.typeMismatch, expected: "an operation {\"op\": …, …}", found: kind.phrase)
        }
        try reader.beginObject()
        var members = _MemberSet(Self.operationMembers)
        var parts = _OperationParts()
        while let member = try nextMember(&members) {
            _ = try reader.peekKind()
            parts.offsets[member] = reader.offset
            switch member {
            case 0:
                let name = try reader.readString()
                guard let operation = _OperationKind.named(name) else {
                    throw reader.error(
                        .schemaViolation, at: parts.offsets[0], pointer: reader.pointer,
                        expected: "an operation name: one of \(_OperationKind.phrase)",
                        found:
                            "the unknown operation \"\(name.string)\"\(Self.didYouMean(name.string, _OperationKind.names))"
                    )
                }
                parts.kind = operation
                // From here on a member the operation does not take is told against its own members.
                let seen = members.seen
                members = _MemberSet(Self.operationMembers, allowed: operation.allowed | 1)
                members.seen = seen
            case 1: try readSectionsOrIDs(into: &parts)
            case 2: parts.section = try readID()
            case 3: try readItemsOrIDs(into: &parts)
            case 4: parts.item = try readID()
            case 5: parts.before = try readID()
            case 6: parts.after = try readID()
            default: parts.parent = try readID()
            }
        }
        let pointer = reader.pointer
        return try parts.operation(seen: members.seen, objectStart: start, pointer: pointer, decoder: self)
    }

    /// Reads `sections`: section objects, or identifiers (which one the `op` wants is checked
    /// later). O(length).
    mutating func readSectionsOrIDs(into parts: inout _OperationParts) throws(JSONReadError) {
        try reader.beginArray()
        while try reader.hasNextElement() {
            let kind = try reader.peekKind()
            if kind == .object {
                if parts.firstSectionObject == nil { parts.firstSectionObject = (reader.offset, reader.currentIndex) }
                parts.sections.append(try readSection())
            } else {
                if parts.firstSectionID == nil { parts.firstSectionID = (reader.offset, reader.currentIndex) }
                parts.sectionIDs.append(try readID())
            }
        }
    }

    /// Reads `items`: items (identifiers or `{"id", "content"}` objects, with their subtrees
    /// in pre-order when they have `children`). O(length).
    mutating func readItemsOrIDs(into parts: inout _OperationParts) throws(JSONReadError) {
        try reader.beginArray()
        while try reader.hasNextElement() {
            if try reader.peekKind() == .object, parts.firstItemObject == nil {
                parts.firstItemObject = (reader.offset, reader.currentIndex)
            }
            try appendItem()
        }
        parts.items = Array(items.take())
    }
}
