/// Which snapshot: its owner (the API key's index, 0 without keys), session and name.
public struct SnapshotAddress: Hashable, Sendable {
    public var owner: Int
    public var session: String
    public var snapshot: String

    public init(owner: Int, session: String, snapshot: String) {
        self.owner = owner
        self.session = session
        self.snapshot = snapshot
    }
}
