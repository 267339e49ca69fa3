/// What the session store holds and has evicted, for `/metrics`.
public struct StoreStatistics: Sendable, Equatable {
    public var sessions = 0
    public var snapshots = 0
    /// Versions kept over all snapshots, current ones included.
    public var versions = 0
    /// Estimated bytes of every snapshot and kept version.
    public var bytes = 0
    /// Sessions evicted because the store was over its byte budget, over its session count,
    /// or idle past the time to live.
    public var evictedForBytes = 0
    public var evictedForCount = 0
    public var evictedForIdleness = 0
    /// Round trips to a store's server (0 for the in-memory store), and those that failed.
    public var roundTrips = 0
    public var roundTripFailures = 0
    /// Whether sessions, snapshots, versions, bytes and evictions are counted here (the memory
    /// store); a store on a server leaves them to it (Redis's `INFO keyspace` and `INFO memory`).
    public var countsHoldings = true

    public init() {}
}
