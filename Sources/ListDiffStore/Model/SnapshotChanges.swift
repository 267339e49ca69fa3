import ListDiffWire

/// What changed since a version a client holds.
public enum SnapshotChanges: Sendable {
    /// The changeset from `from` to the current version; nil when nothing changed.
    case changes(from: SnapshotVersion, to: SnapshotHead, diff: WireDiff?)
    /// The version asked about cannot be diffed against: the whole current version.
    case reset(StoredVersion)
}
