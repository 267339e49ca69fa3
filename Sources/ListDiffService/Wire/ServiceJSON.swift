import ListDiff
import ListDiffHTTP
import ListDiffJSON

/// The service's response bodies, written straight to bytes.
enum ServiceJSON {
    /// `{"from", "to", "digest", "changeset", "values"?}`; no diff means nothing changed (an
    /// empty changeset). `values` when the format includes them. O(changeset + values).
    static func changes(from: SnapshotVersion, to: SnapshotVersion, digest: String, diff: WireDiff?, format: ChangesetFormat, flat: Bool) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        writer.key("from")
        writer.string(from.text)
        writer.key("to")
        writer.string(to.text)
        writer.key("digest")
        writer.string(digest)
        writer.key("changeset")
        guard format.includesValues else {
            writeChangeset(diff, format: format, flat: flat, to: &writer)
            writer.endObject()
            return writer.bytes
        }
        // The staged batch is computed once for both members.
        let staged = diff?.stagedBatch
        let changeset = staged?.changeset ?? BatchChangeset()
        writer.writeBatch(changeset, intermediateSnapshots: staged?.stages.dropLast().map(\.result) ?? [], flat: flat)
        writer.key("values")
        writer.writeFreshElements(diff.map { WireFreshElements(of: changeset, in: $0.new) } ?? WireFreshElements(), flat: flat)
        writer.endObject()
        return writer.bytes
    }

    static func writeChangeset(_ diff: WireDiff?, format: ChangesetFormat, flat: Bool, to writer: inout JSONWriter) {
        switch (diff, format.sequential) {
        case (let diff?, true): writer.writeSequential(diff.sequential, flat: flat)
        case (let diff?, false): writer.writeBatch(diff, flat: flat)
        case (nil, true): writer.writeSequential(SequentialChangeset(), flat: flat)
        case (nil, false): writer.writeBatch(BatchChangeset(), intermediateSnapshots: [], flat: flat)
        }
    }

    /// `{"reset": true, "to", "digest", "snapshot"}`: the client's version cannot be diffed
    /// against, so it gets the whole current snapshot. O(size).
    static func reset(to: SnapshotVersion, digest: String, snapshot: WireSnapshot, flat: Bool) -> [UInt8] {
        versioned(reset: true, versionKey: "to", version: to, digest: digest, snapshot: snapshot, flat: flat)
    }

    /// `{"version", "digest", "snapshot"}`. O(size).
    static func snapshot(version: SnapshotVersion, digest: String, snapshot: WireSnapshot, flat: Bool) -> [UInt8] {
        versioned(reset: false, versionKey: "version", version: version, digest: digest, snapshot: snapshot, flat: flat)
    }

    private static func versioned(reset: Bool, versionKey: StaticString, version: SnapshotVersion, digest: String,
                                  snapshot: WireSnapshot, flat: Bool) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 16 * snapshot.numberOfItems + 128)
        writer.beginObject()
        if reset {
            writer.key("reset")
            writer.bool(true)
        }
        writer.key(versionKey)
        writer.string(version.text)
        writer.key("digest")
        writer.string(digest)
        writer.key("snapshot")
        writer.writeSnapshot(snapshot, flat: flat)
        writer.endObject()
        return writer.bytes
    }

    /// A JSON response with the version's entity tag.
    static func response(_ body: [UInt8], status: Int = 200, version: SnapshotVersion? = nil) -> HTTPResponse {
        var response = HTTPResponse.json(body, status: status)
        if let version { response.headers.append(name: "ETag", value: version.entityTag) }
        return response
    }
}
