import ListDiffWire

/// A snapshot at one version, with the digest the server computed for it.
public struct VersionedSnapshot: Sendable {
    public var version: SnapshotVersion
    /// `xxh64:<16 hex digits>` of the snapshot's canonical JSON (``SnapshotDigest``).
    public var digest: String
    public var snapshot: WireSnapshot
    /// Whether the server holds it as a flat list (a bare array of items).
    public var isFlat: Bool

    public init(version: SnapshotVersion, digest: String, snapshot: WireSnapshot, isFlat: Bool) {
        self.version = version
        self.digest = digest
        self.snapshot = snapshot
        self.isFlat = isFlat
    }
}
