/// The bounds a store keeps: a plain value, nested in the service's configuration and given to
/// the store it makes. Every one is a definite ``StoreError``, never unbounded memory.
public struct StoreLimits: Sendable, Equatable {
    /// Most sessions kept at once; making one more evicts the least recently used.
    public var maxSessions: Int
    /// Most named snapshots in one session; one more is ``StoreError/tooManySnapshots(session:limit:)``.
    public var maxSnapshotsPerSession: Int
    /// Most items in one snapshot; more is ``StoreError/tooManyItems(_:limit:pointer:)``
    /// (``checkItems(_:pointer:)``).
    public var maxItemsPerSnapshot: Int
    /// Item steps one list of operations may cost: operations × (items in the snapshot + 1),
    /// each operation able to walk the items once (one that may change an outline's structure
    /// counting as ``WireOperation/outlineStepWeight`` operations); more is
    /// ``StoreError/tooMuchWork(operations:items:limit:)`` before anything is applied.
    /// Bulk changes belong in a write of the whole new snapshot, whose diff costs O(items). The
    /// default holds a list of operations to about a second at the item step's cost on a large
    /// list (`listdiff-bench --filter operations-200k`).
    public var maxOperationWork: Int
    /// Versions kept per snapshot, the current one included; changes since an older one are a
    /// reset.
    public var versionsKept: Int
    /// Estimated bytes the store may hold, a hard limit: a write that would pass it drops its
    /// snapshot's oldest versions, then evicts least recently used sessions (with several
    /// owners, within the rule of the in-memory store's `ByteLedger`), else is refused with
    /// ``StoreError/storeFull(_:)``.
    public var maxStoreBytes: Int
    /// Estimated bytes one session may hold (nil: half of ``maxStoreBytes``), so one session
    /// cannot push every other out; ``sessionByteLimit`` is what counts.
    public var maxSessionBytes: Int?
    /// Seconds a session may go unused before it is evicted.
    public var sessionIdleSeconds: Double
    /// How many owners there are (API keys; 1 without keys), for each one's share of bytes. The
    /// service sets it from its API keys.
    public var owners: Int
    /// Seconds a store call may take. The service counts its calls from when they are queued
    /// (a long poll's from its wake) and gives a network store this as its reply timeout; the
    /// calls a store makes on its own count from their start (a wait's answer after a write
    /// another instance made: see ``StoreCallDeadline``).
    public var callTimeout: Double

    public init(
        maxSessions: Int = 10_000,
        maxSnapshotsPerSession: Int = 64,
        maxItemsPerSnapshot: Int = 200_000,
        maxOperationWork: Int = 100_000_000,
        versionsKept: Int = 16,
        maxStoreBytes: Int = 1 << 30,
        maxSessionBytes: Int? = nil,
        sessionIdleSeconds: Double = 24 * 3600,
        owners: Int = 1,
        callTimeout: Double = 2
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

    /// The bytes one session may hold: ``maxSessionBytes``, or half of ``maxStoreBytes``; never
    /// more than the store.
    public var sessionByteLimit: Int {
        min(maxSessionBytes ?? maxStoreBytes / 2, maxStoreBytes)
    }
}
