import ListDiff

/// A diff request `{"old": S, "new": S}` read from the wire. Both snapshots are flat or both
/// are sectioned.
public struct WireDiffRequest: Sendable {
    /// Both snapshots, in a box that empties their item arrays cheaply when the request goes.
    var _snapshots: _OwnedSnapshots

    /// The snapshot the client shows.
    public var old: WireSnapshot {
        get { _snapshots.old }
        set {
            _uniqueSnapshots().old = newValue
            itemCodes = nil
        }
    }

    /// The snapshot the client wants to show.
    public var new: WireSnapshot {
        get { _snapshots.new }
        set {
            _uniqueSnapshots().new = newValue
            itemCodes = nil
        }
    }

    /// Whether both came as flat lists; the changeset is then written with plain indexes.
    public var isFlat: Bool

    /// Both snapshots' items numbered by the decoder's intern table (one for the request),
    /// for ``SectionedDiff/init(from:to:codes:options:)``: the diff then matches items without
    /// hashing them again. Nil for a request under 4 KiB (hashing them again costs less than
    /// numbering them), when either snapshot has an outline section (its visible rows are
    /// diffed, not its items), for a request made in code, and once a snapshot is replaced.
    public private(set) var itemCodes: ItemCodes?

    /// Creates a request. O(1).
    public init(old: WireSnapshot, new: WireSnapshot, isFlat: Bool) {
        self.init(old: old, new: new, isFlat: isFlat, itemCodes: nil)
    }

    /// A decoded request with its items' codes. O(1).
    init(old: WireSnapshot, new: WireSnapshot, isFlat: Bool, itemCodes: ItemCodes?) {
        _snapshots = _OwnedSnapshots(old: old, new: new)
        self.isFlat = isFlat
        self.itemCodes = itemCodes
    }

    /// The box, copied first when another request shares it. O(1).
    mutating func _uniqueSnapshots() -> _OwnedSnapshots {
        if !isKnownUniquelyReferenced(&_snapshots) {
            _snapshots = _OwnedSnapshots(old: _snapshots.old, new: _snapshots.new)
        }
        return _snapshots
    }
}
