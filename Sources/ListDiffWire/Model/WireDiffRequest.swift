import ListDiff

/// A diff request `{"old": S, "new": S}` read from the wire. Both snapshots are flat or both
/// are sectioned.
public struct WireDiffRequest: Sendable {
    /// Both snapshots, in a box that empties their item arrays cheaply when the request goes.
    var _snapshots: _OwnedSnapshots

    /// The snapshot the client shows.
    public var old: WireSnapshot {
        get { _snapshots.old }
        set { _uniqueSnapshots().old = newValue }
    }

    /// The snapshot the client wants to show.
    public var new: WireSnapshot {
        get { _snapshots.new }
        set { _uniqueSnapshots().new = newValue }
    }

    /// Whether both came as flat lists; the changeset is then written with plain indexes.
    public var isFlat: Bool

    /// Creates a request. O(1).
    public init(old: WireSnapshot, new: WireSnapshot, isFlat: Bool) {
        _snapshots = _OwnedSnapshots(old: old, new: new)
        self.isFlat = isFlat
    }

    /// The box, copied first when another request shares it. O(1).
    mutating func _uniqueSnapshots() -> _OwnedSnapshots {
        if !isKnownUniquelyReferenced(&_snapshots) {
            _snapshots = _OwnedSnapshots(old: _snapshots.old, new: _snapshots.new)
        }
        return _snapshots
    }
}
