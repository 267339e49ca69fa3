/// Why two snapshots could not be diffed: which side is at fault, and why.
public struct SectionedDiffError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error, Equatable,
    CustomStringConvertible
{
    /// The snapshot at fault.
    public enum Side: String, Sendable { case old, new }

    public var side: Side
    public var reason: SnapshotError<SectionID, ItemID>

    public init(side: Side, reason: SnapshotError<SectionID, ItemID>) {
        self.side = side
        self.reason = reason
    }

    public var description: String { "\(side) snapshot: \(reason)" }
}
