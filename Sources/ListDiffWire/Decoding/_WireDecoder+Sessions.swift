import ListDiffJSON

extension _WireDecoder {
    static let createdSessionMembers: [StaticString] = ["session"]
    static let listingMembers: [StaticString] = ["session", "snapshots"]
    static let listingEntryMembers: [StaticString] = ["name", "version", "digest", "items", "flat"]

    /// Reads `{"session": name}`. O(length).
    mutating func readCreatedSession() throws(JSONReadError) -> String {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.createdSessionMembers)
        var name = ""
        while try nextMember(&members) != nil { name = try reader.readStringValue() }
        try requireMembers(members, 0b1, in: "a created session", objectStart: start)
        return name
    }

    /// Reads `{"session", "snapshots": [{"name", "version", "digest", "items", "flat"}]}`.
    /// O(length).
    mutating func readSessionListing() throws(JSONReadError) -> WireSessionListing {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.listingMembers)
        var listing = WireSessionListing(session: "", snapshots: [])
        while let member = try nextMember(&members) {
            if member == 0 {
                listing.session = try reader.readStringValue()
                continue
            }
            try reader.beginArray()
            while try reader.hasNextElement() { listing.snapshots.append(try readListingEntry()) }
        }
        try requireMembers(members, 0b11, in: "a session listing", objectStart: start)
        return listing
    }

    private mutating func readListingEntry() throws(JSONReadError) -> WireSessionListing.Snapshot {
        reader.skipWhitespace()
        let start = reader.offset
        try reader.beginObject()
        var members = _MemberSet(Self.listingEntryMembers)
        var entry = WireSessionListing.Snapshot(name: "", version: "", digest: "", items: 0, isFlat: false)
        while let member = try nextMember(&members) {
            switch member {
            case 0: entry.name = try reader.readStringValue()
            case 1: entry.version = try reader.readStringValue()
            case 2: entry.digest = try reader.readStringValue()
            case 3: entry.items = try reader.readInt()
            default: entry.isFlat = try reader.readBool()
            }
        }
        try requireMembers(members, 0b11111, in: "a listed snapshot", objectStart: start)
        return entry
    }
}
