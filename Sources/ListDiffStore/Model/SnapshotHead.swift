/// What identifies a stored version without its items: the version, the digest of its
/// snapshot (``ListDiffWire/SnapshotDigest``) and its form.
public struct SnapshotHead: Sendable, Equatable {
    public var version: SnapshotVersion
    public var digest: String
    /// A flat list (one implicit section) rather than a sectioned one.
    public var isFlat: Bool

    public init(version: SnapshotVersion, digest: String, isFlat: Bool) {
        self.version = version
        self.digest = digest
        self.isFlat = isFlat
    }
}
