import ListDiff

/// A snapshot read from the wire, and whether it came as a flat list (a bare array of items, or
/// `{"items": […]}`), in which case answers about it use plain integer indexes.
public struct WireSnapshotDocument: Sendable {
    /// The snapshot; a flat list is one section with identifier ``WireID/flatSection``.
    public var snapshot: WireSnapshot
    /// Whether the snapshot was sent as a flat list.
    public var isFlat: Bool

    /// Creates a document. O(1).
    public init(snapshot: WireSnapshot, isFlat: Bool) {
        self.snapshot = snapshot
        self.isFlat = isFlat
    }
}
