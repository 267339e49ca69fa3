/// The bounds a store keeps: a plain value the service fills from its configuration. Every
/// one is a definite ``StoreError``, never unbounded memory.
public struct StoreLimits: Sendable, Equatable {
    /// Most sessions kept at once; making one more evicts the least recently used.
    public var maxSessions: Int
    /// Most named snapshots in one session.
    public var maxSnapshotsPerSession: Int
    /// Most items in one snapshot.
    public var maxItemsPerSnapshot: Int
    /// Item steps one list of operations may cost: operations × (items in the snapshot + 1),
    /// each operation able to walk the items once (one that may change an outline's structure
    /// counting as ``WireOperation/outlineStepWeight`` operations).
    public var maxOperationWork: Int
    /// Versions kept per snapshot, the current one included.
    public var versionsKept: Int
    /// Estimated bytes the store may hold (hard: writes past it are refused).
    public var maxStoreBytes: Int
    /// Estimated bytes one session may hold.
    public var maxSessionBytes: Int
    /// Seconds a session may go unused before it is evicted.
    public var sessionIdleSeconds: Double
    /// How many owners there are (API keys; 1 without keys), for each one's share of bytes.
    public var owners: Int
    /// Seconds a store call the store makes on its own may take, counted from its start (a
    /// wait's answer after a write another instance made: see ``StoreCallDeadline``).
    public var callTimeout: Double

    public init(
        maxSessions: Int, maxSnapshotsPerSession: Int, maxItemsPerSnapshot: Int, maxOperationWork: Int,
        versionsKept: Int,
        maxStoreBytes: Int, maxSessionBytes: Int, sessionIdleSeconds: Double, owners: Int, callTimeout: Double = 2
    ) {
        self.maxSessions = maxSessions
        self.maxSnapshotsPerSession = maxSnapshotsPerSession
        self.maxItemsPerSnapshot = maxItemsPerSnapshot
        self.maxOperationWork = maxOperationWork
        self.versionsKept = versionsKept
        self.maxStoreBytes = maxStoreBytes
        self.maxSessionBytes = maxSessionBytes
        self.sessionIdleSeconds = sessionIdleSeconds
        self.owners = owners
        self.callTimeout = callTimeout
    }
}
