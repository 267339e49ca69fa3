import ListDiffWire

/// The answer to a write or a `changes` request that has a changeset: from the version the
/// client holds to `to`, the digest of `to`, and — when asked for — the fresh elements a
/// client holding only its copy needs to apply it.
public struct SnapshotChange: Sendable {
    public var from: SnapshotVersion
    public var to: SnapshotVersion
    public var digest: String
    public var changeset: WireChangeset
    /// The sections and items the old version lacks (`include=values`).
    public var fresh: WireFreshElements?

    public init(
        from: SnapshotVersion, to: SnapshotVersion, digest: String, changeset: WireChangeset,
        fresh: WireFreshElements? = nil
    ) {
        self.from = from
        self.to = to
        self.digest = digest
        self.changeset = changeset
        self.fresh = fresh
    }

    /// True when the write created no version (the snapshot was equal) or nothing changed.
    public var isUnchanged: Bool { from == to }
}

/// What `changes(since:)` answers: the changes since the client's version, or a reset with
/// the whole snapshot when that version cannot be diffed from (another server process, a
/// version no longer kept, one the server never had).
public enum SnapshotChanges: Sendable {
    case changes(SnapshotChange)
    case reset(VersionedSnapshot)

    /// The version the answer brings the client to.
    public var version: SnapshotVersion {
        switch self {
        case .changes(let change): change.to
        case .reset(let snapshot): snapshot.version
        }
    }
}
