import ListDiff
import ListDiffHTTP
import ListDiffStore
import ListDiffWire

/// The service's answers around stored versions: ``WireEncoder``'s documents, given the store's
/// versions, the request's format and the metrics that time a changeset's assembly, and the
/// response that carries a body with its version's ETag. The wire knows none of these, so this
/// stays in the service; it writes no JSON of its own.
enum ServiceJSON {
    /// `{"from", "to", "digest", "changeset", "values"?}`; no diff means nothing changed. The
    /// changeset's assembly is timed by `metrics`. O(changeset + values).
    static func changes(
        from: SnapshotVersion, to head: SnapshotHead, diff: WireDiff?, format: ChangesetFormat, metrics: DiffMetrics
    ) -> [UInt8] {
        let changeset = TimedChangesets(metrics: metrics).assembled(diff, format: format)
        let fresh = format.includesValues ? changeset.freshElements(in: diff?.new) : nil
        return WireEncoder.changes(
            from: from.text, to: head.version.text, digest: head.digest, changeset: changeset, fresh: fresh,
            rows: diff?.new, flat: head.isFlat)
    }

    /// `{"reset": true, "to", "digest", "snapshot"}`. O(size).
    static func reset(to stored: StoredVersion) -> [UInt8] {
        WireEncoder.reset(
            to: stored.head.version.text, digest: stored.head.digest, snapshot: stored.snapshot(),
            flat: stored.head.isFlat)
    }

    /// `{"version", "digest", "snapshot"}`. O(size).
    static func snapshot(_ stored: StoredVersion) -> [UInt8] {
        WireEncoder.versionedSnapshot(
            version: stored.head.version.text, digest: stored.head.digest, snapshot: stored.snapshot(),
            flat: stored.head.isFlat)
    }

    /// `{"version", "digest", "section", "items"}`: one subtree of a stored version (its items
    /// as a tree, the top at level 0) and the digest of the whole version. O(subtree).
    static func subtree(version stored: StoredVersion, section: WireID, items: ContiguousArray<WireSnapshot.Item>)
        -> [UInt8]
    {
        WireEncoder.subtree(
            version: stored.head.version.text, digest: stored.head.digest, section: section, items: items)
    }

    /// The answer to `changes`: the changeset, or a reset, with the current version's ETag.
    static func response(to changes: SnapshotChanges, format: ChangesetFormat, metrics: DiffMetrics) -> HTTPResponse {
        switch changes {
        case .changes(let from, let head, let diff):
            return response(
                Self.changes(from: from, to: head, diff: diff, format: format, metrics: metrics), version: head.version)
        case .reset(let stored):
            return response(reset(to: stored), version: stored.head.version)
        }
    }

    /// A JSON response with the version's entity tag.
    static func response(_ body: [UInt8], status: Int = 200, version: SnapshotVersion? = nil) -> HTTPResponse {
        var response = HTTPResponse.json(body, status: status)
        if let version { response.headers.append(name: "ETag", value: version.entityTag) }
        return response
    }
}
