import ListDiff

/// A diff request `{"old": S, "new": S}` read from the wire. Both snapshots are flat or both
/// are sectioned.
public struct WireDiffRequest: Sendable {
    /// The snapshot the client shows.
    public var old: WireSnapshot
    /// The snapshot the client wants to show.
    public var new: WireSnapshot
    /// Whether both came as flat lists; the changeset is then written with plain indexes.
    public var isFlat: Bool

    /// Creates a request. O(1).
    public init(old: WireSnapshot, new: WireSnapshot, isFlat: Bool) {
        self.old = old
        self.new = new
        self.isFlat = isFlat
    }
}
