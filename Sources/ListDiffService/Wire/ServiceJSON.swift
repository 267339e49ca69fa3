import ListDiff
import ListDiffHTTP
import ListDiffJSON

/// The service's response bodies: the wire's document writers (each beside its reader in
/// `ListDiffJSON`), given the service's versions and formats.
enum ServiceJSON {
    /// `{"from", "to", "digest", "changeset", "values"?}`; no diff means nothing changed.
    /// O(changeset + values).
    static func changes(from: SnapshotVersion, to: SnapshotVersion, digest: String, diff: WireDiff?, format: ChangesetFormat, flat: Bool) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.writeChanges(from: from.text, to: to.text, digest: digest, diff: diff,
                            sequential: format.sequential, includeValues: format.includesValues, flat: flat)
        return writer.bytes
    }

    /// `{"reset": true, "to", "digest", "snapshot"}`. O(size).
    static func reset(to: SnapshotVersion, digest: String, snapshot: WireSnapshot, flat: Bool) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 16 * snapshot.numberOfItems + 128)
        writer.writeReset(to: to.text, digest: digest, snapshot: snapshot, flat: flat)
        return writer.bytes
    }

    /// `{"version", "digest", "snapshot"}`. O(size).
    static func snapshot(version: SnapshotVersion, digest: String, snapshot: WireSnapshot, flat: Bool) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 16 * snapshot.numberOfItems + 128)
        writer.writeVersionedSnapshot(version: version.text, digest: digest, snapshot: snapshot, flat: flat)
        return writer.bytes
    }

    /// A JSON response with the version's entity tag.
    static func response(_ body: [UInt8], status: Int = 200, version: SnapshotVersion? = nil) -> HTTPResponse {
        var response = HTTPResponse.json(body, status: status)
        if let version { response.headers.append(name: "ETag", value: version.entityTag) }
        return response
    }
}
