import ListDiffWire

/// A stored version as a read answers it: its head at once, its items when asked for (a
/// store may keep them packed, and a conditional read may need only the head).
public struct StoredVersion: Sendable {
    public var head: SnapshotHead
    public var numberOfItems: Int
    private let unpack: @Sendable () -> WireSnapshot

    public init(head: SnapshotHead, numberOfItems: Int, snapshot: @escaping @Sendable () -> WireSnapshot) {
        self.head = head
        self.numberOfItems = numberOfItems
        unpack = snapshot
    }

    /// The snapshot in the engine's form. May cost O(size) each call.
    public func snapshot() -> WireSnapshot { unpack() }
}
