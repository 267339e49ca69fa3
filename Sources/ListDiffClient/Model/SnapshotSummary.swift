/// One snapshot of a session listing.
public struct SnapshotSummary: Hashable, Sendable {
    public var name: String
    public var version: SnapshotVersion
    public var digest: String
    /// How many items it holds.
    public var items: Int
    public var isFlat: Bool

    public init(name: String, version: SnapshotVersion, digest: String, items: Int, isFlat: Bool) {
        self.name = name
        self.version = version
        self.digest = digest
        self.items = items
        self.isFlat = isFlat
    }
}
