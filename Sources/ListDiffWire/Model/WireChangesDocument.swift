/// A versioned snapshot's answer to a write or a `changes` request: the changeset from the
/// version the client holds (with the fresh elements when asked for), or a reset with the
/// whole snapshot when that version cannot be diffed against.
public struct WireChangesDocument: Sendable {
    public enum Body: Sendable {
        /// `{"from", "to", "digest", "changeset", "values"?}`.
        case changes(from: String, changeset: WireChangeset, fresh: WireFreshElements?)
        /// `{"reset": true, "to", "digest", "snapshot"}`.
        case reset(WireSnapshotDocument)
    }

    /// The version the answer brings the client to.
    public var to: String
    /// The digest of that version (see ``SnapshotDigest``).
    public var digest: String
    public var body: Body

    /// Creates a document. O(1).
    public init(to: String, digest: String, body: Body) {
        self.to = to
        self.digest = digest
        self.body = body
    }
}
