import ListDiff

/// A batch changeset read from the wire, with the snapshots its non-final stages carry.
public struct WireBatchDocument: Sendable {
    /// The stages and content updates.
    public var changeset: BatchChangeset
    /// The `"snapshot"` of each stage that has one, in stage order (every stage but the last).
    public var intermediateSnapshots: [WireSnapshot]

    /// Creates a document. O(1).
    public init(changeset: BatchChangeset, intermediateSnapshots: [WireSnapshot]) {
        self.changeset = changeset
        self.intermediateSnapshots = intermediateSnapshots
    }
}
