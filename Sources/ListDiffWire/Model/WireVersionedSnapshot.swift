/// A stored snapshot as `GET` answers it: `{"version", "digest", "snapshot"}`.
public struct WireVersionedSnapshot: Sendable {
    public var version: String
    /// The digest of the snapshot (see ``SnapshotDigest``).
    public var digest: String
    public var document: WireSnapshotDocument

    /// Creates a versioned snapshot. O(1).
    public init(version: String, digest: String, document: WireSnapshotDocument) {
        self.version = version
        self.digest = digest
        self.document = document
    }
}
