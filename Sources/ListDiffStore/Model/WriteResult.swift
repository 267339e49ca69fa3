import ListDiffWire

/// What a write did: the version it built on (number 0: none), the version now current, and
/// the changeset between them (nil when the snapshot equalled the current version, which
/// stays current).
public struct WriteResult: Sendable {
    public var from: SnapshotVersion
    public var head: SnapshotHead
    public var diff: WireDiff?

    public init(from: SnapshotVersion, head: SnapshotHead, diff: WireDiff?) {
        self.from = from
        self.head = head
        self.diff = diff
    }

    /// The write made the snapshot's first version.
    public var created: Bool { from.number == 0 && head.version.number > 0 }
}
