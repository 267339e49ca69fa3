import ListDiff
import ListDiffJSON

extension _WireDecoder {
    static let stageMembers: [StaticString] = [
        "sections", "items", "snapshot", "deletes", "inserts", "moves", "reloads"
    ]
    static let operationGroupMembers: [StaticString] = ["deletes", "inserts", "moves", "reloads"]
    static let updateMembers: [StaticString] = ["sections", "reloads", "reconfigures"]

    /// Reads a batch changeset as ``_WireEncoder/writeBatch(_:intermediateSnapshots:flat:)``
    /// writes it; `flat` nil reads either form, each path as it is written. O(length).
    mutating func readBatch(flat: Bool?) throws(JSONReadError) -> WireBatchDocument {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(["stages", "updates"])
        var document = WireBatchDocument(changeset: BatchChangeset(), intermediateSnapshots: [])
        while let member = try nextMember(&members) {
            if member == 0 {
                try reader.beginArray()
                while try reader.hasNextElement() {
                    document.changeset.stages.append(
                        try readStage(flat: flat, snapshots: &document.intermediateSnapshots))
                }
            } else {
                document.changeset.updates = try readUpdates(flat: flat)
            }
        }
        try requireMembers(members, 0b11, in: "a batch changeset", objectStart: start)
        return document
    }

    /// Reads a stage. Sectioned: `sections` and `items` groups, each with `deletes`, `inserts`
    /// and `moves` (and `reloads` when present); flat: those three at the top, `sections` only
    /// when present; either form when `flat` is nil. `snapshot` is optional. O(length).
    mutating func readStage(flat: Bool?, snapshots: inout [WireSnapshot]) throws(JSONReadError) -> BatchUpdate {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(
            Self.stageMembers, allowed: flat == false ? 0b111 : flat == true ? 0b111_1101 : 0b111_1111)
        var stage = BatchUpdate()
        while let member = try nextMember(&members) {
            switch member {
            case 0:
                reader.skipWhitespace()
                let groupStart = reader.offset
                try reader.beginObject()
                var group = _MemberSet(Self.operationGroupMembers)
                while let part = try nextMember(&group) {
                    switch part {
                    case 0: stage.sectionDeletes = try readInts()
                    case 1: stage.sectionInserts = try readInts()
                    case 2: stage.sectionMoves = try readPairs().map { SectionMove(from: $0.0, to: $0.1) }
                    default: stage.sectionReloads = try readInts()
                    }
                }
                try requireMembers(group, 0b111, in: "a stage's section operations", objectStart: groupStart)
            case 1:
                reader.skipWhitespace()
                let groupStart = reader.offset
                try reader.beginObject()
                var group = _MemberSet(Self.operationGroupMembers)
                while let part = try nextMember(&group) {
                    try readItemPart(part, flat: flat == nil ? nil : false, into: &stage)
                }
                try requireMembers(group, 0b111, in: "a stage's item operations", objectStart: groupStart)
            case 2:
                snapshots.append(try readStageSnapshot())
            default:
                try readItemPart(member - 3, flat: flat, into: &stage)
            }
        }
        // Either form: the sectioned one has an `items` group, the flat one its members at the top.
        let isFlat = flat ?? !members.has(1)
        try requireMembers(members, isFlat ? 0b11_1000 : 0b11, in: "a stage", objectStart: start)
        return stage
    }

    mutating func readItemPart(_ part: Int, flat: Bool?, into stage: inout BatchUpdate) throws(JSONReadError) {
        switch part {
        case 0: stage.itemDeletes = try readPaths(flat: flat)
        case 1: stage.itemInserts = try readPaths(flat: flat)
        case 2:
            try reader.beginArray()
            while try reader.hasNextElement() {
                try reader.beginArray()
                let from = try readPathElement(flat: flat)
                let to = try readPathElement(flat: flat)
                try endTuple()
                stage.itemMoves.append(ItemMove(from: from, to: to))
            }
        default: stage.itemReloads = try readPaths(flat: flat)
        }
    }

    /// Reads the updates: `reloads` and `reconfigures`, and `sections` (optional when flat).
    /// O(length).
    mutating func readUpdates(flat: Bool?) throws(JSONReadError) -> ContentUpdates {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.updateMembers)
        var updates = ContentUpdates()
        while let member = try nextMember(&members) {
            switch member {
            case 0: updates.sectionReloads = try readInts()
            case 1: updates.itemReloads = try readPaths(flat: flat)
            default: updates.itemReconfigures = try readPaths(flat: flat)
            }
        }
        try requireMembers(members, flat == false ? 0b111 : 0b110, in: "a changeset's updates", objectStart: start)
        return updates
    }

    mutating func readInts() throws(JSONReadError) -> [Int] {
        var values: [Int] = []
        try reader.beginArray()
        while try reader.hasNextElement() { values.append(try reader.readInt()) }
        return values
    }

    /// Reads `[[a, b], …]`. O(length).
    mutating func readPairs() throws(JSONReadError) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        try reader.beginArray()
        while try reader.hasNextElement() {
            try reader.beginArray()
            guard try reader.hasNextElement() else { throw tupleError() }
            let first = try reader.readInt()
            guard try reader.hasNextElement() else { throw tupleError() }
            pairs.append((first, try reader.readInt()))
            try endTuple()
        }
        return pairs
    }

    mutating func readPaths(flat: Bool?) throws(JSONReadError) -> [ItemPath] {
        var paths: [ItemPath] = []
        try reader.beginArray()
        while try reader.hasNextElement() {
            if try isFlatPath(flat) {
                paths.append(ItemPath(section: 0, item: try reader.readInt()))
            } else {
                try reader.beginArray()
                paths.append(try readPathBody())
            }
        }
        return paths
    }

    /// Reads the next element of the current array as a path: an index (flat) or
    /// `[section, item]`. O(1).
    mutating func readPathElement(flat: Bool?) throws(JSONReadError) -> ItemPath {
        guard try reader.hasNextElement() else { throw tupleError() }
        if try isFlatPath(flat) { return ItemPath(section: 0, item: try reader.readInt()) }
        try reader.beginArray()
        return try readPathBody()
    }

    /// Whether the next path is a plain index: as `flat` says, or as written when it is nil.
    /// O(1).
    mutating func isFlatPath(_ flat: Bool?) throws(JSONReadError) -> Bool {
        if let flat { return flat }
        return try reader.peekKind() != .array
    }

    /// Reads `section, item]` of an entered path array. O(1).
    mutating func readPathBody() throws(JSONReadError) -> ItemPath {
        guard try reader.hasNextElement() else { throw tupleError() }
        let section = try reader.readInt()
        guard try reader.hasNextElement() else { throw tupleError() }
        let item = try reader.readInt()
        try endTuple()
        return ItemPath(section: section, item: item)
    }

    /// Leaves a pair array, which must have no third element. O(1).
    mutating func endTuple() throws(JSONReadError) {
        if try reader.hasNextElement() { throw tupleError() }
    }

    func tupleError() -> JSONReadError {
        reader.error(.schemaViolation, expected: "a pair of exactly two elements", found: "a different count")
    }
}
