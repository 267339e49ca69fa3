/// A session as `GET /v1/sessions/{session}` answers it:
/// `{"session", "snapshots": [{"name", "version", "digest", "items", "flat"}]}`, its written
/// snapshots sorted by name.
public struct WireSessionListing: Sendable, Equatable {
    /// One snapshot of the listing.
    public struct Snapshot: Sendable, Equatable {
        public var name: String
        public var version: String
        /// The digest of its current version (see ``SnapshotDigest``).
        public var digest: String
        /// How many items it holds.
        public var items: Int
        public var isFlat: Bool

        /// Creates an entry. O(1).
        public init(name: String, version: String, digest: String, items: Int, isFlat: Bool) {
            self.name = name
            self.version = version
            self.digest = digest
            self.items = items
            self.isFlat = isFlat
        }
    }

    public var session: String
    public var snapshots: [Snapshot]

    /// Creates a listing. O(1).
    public init(session: String, snapshots: [Snapshot]) {
        self.session = session
        self.snapshots = snapshots
    }
}
