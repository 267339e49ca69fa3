import ListDiff
import ListDiffJSON

extension _WireDecoder {
    static let changesMembers: [StaticString] = ["from", "to", "digest", "changeset", "values", "reset", "snapshot"]
    static let versionedMembers: [StaticString] = ["version", "digest", "snapshot"]

    /// Reads `{"from", "to", "digest", "changeset", "values"?}` or `{"reset": true, "to",
    /// "digest", "snapshot"}`; the changeset in the form asked for, flat or sectioned as
    /// written. O(length).
    mutating func readChanges(sequential: Bool) throws(JSONReadError) -> WireChangesDocument {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.changesMembers)
        var from = ""
        var to = ""
        var digest = ""
        var changeset: WireChangeset?
        var fresh: WireFreshElements?
        var snapshot: WireSnapshotDocument?
        var reset = false
        while let member = try nextMember(&members) {
            switch member {
            case 0: from = try reader.readStringValue()
            case 1: to = try reader.readStringValue()
            case 2: digest = try reader.readStringValue()
            case 3:
                changeset = sequential ? .sequential(try readSequential(flat: nil)) : .batch(try readBatch(flat: nil))
            case 4: fresh = try readFreshElements(flat: nil)
            case 5: reset = try reader.readBool()
            default: snapshot = try readSnapshot()
            }
        }
        if reset {
            try requireMembers(members, 0b100_0110, in: "a reset", objectStart: start)
            guard let snapshot else { throw missing("snapshot", in: "a reset", objectStart: start) }
            return WireChangesDocument(to: to, digest: digest, body: .reset(snapshot))
        }
        try requireMembers(members, 0b1111, in: "a changes answer", objectStart: start)
        guard let changeset else { throw missing("changeset", in: "a changes answer", objectStart: start) }
        return WireChangesDocument(
            to: to, digest: digest, body: .changes(from: from, changeset: changeset, fresh: fresh))
    }

    /// Reads `{"version", "digest", "snapshot"}`. O(length).
    mutating func readVersionedSnapshot() throws(JSONReadError) -> WireVersionedSnapshot {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.versionedMembers)
        var version = ""
        var digest = ""
        var document: WireSnapshotDocument?
        while let member = try nextMember(&members) {
            switch member {
            case 0: version = try reader.readStringValue()
            case 1: digest = try reader.readStringValue()
            default: document = try readSnapshot()
            }
        }
        try requireMembers(members, 0b111, in: "a versioned snapshot", objectStart: start)
        guard let document else { throw missing("snapshot", in: "a versioned snapshot", objectStart: start) }
        return WireVersionedSnapshot(version: version, digest: digest, document: document)
    }
}
