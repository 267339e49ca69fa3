import ListDiffStore

/// How the service makes its snapshot store from its limits and the service's metrics hooks:
/// the in-memory store (the default), or any other ``SnapshotStore`` (the server's `--store`).
public struct StoreFactory: Sendable {
    /// What the service gives a store for its metrics.
    public struct Observers: Sendable {
        /// Runs every diff the store makes, timing it.
        public var differ: SnapshotDiffer
        /// Every round trip to a store's server, in seconds.
        public var roundTrip: @Sendable (Double) -> Void
        /// Where a store that blocks runs the calls it makes on its own behalf (a subscriber's
        /// follow-ups): the service's store-call executor, with its threads, deadline and queue bound.
        public var background: any BackgroundStoreCalls
    }

    /// Whether the store's calls block their caller while they wait on the network (an
    /// ``InlineSnapshotStore`` across the network): then every call to it runs on a worker
    /// thread or the service's store-call threads, never on an event loop. A store that
    /// answers later, through its completions, does not block.
    public var blocks: Bool
    public var make: @Sendable (StoreLimits, Observers) -> any SnapshotStore

    public init(blocks: Bool, make: @escaping @Sendable (StoreLimits, Observers) -> any SnapshotStore) {
        self.blocks = blocks
        self.make = make
    }

    /// Snapshots in this process's memory, bounded by ``StoreLimits/maxStoreBytes``.
    public static let memory = StoreFactory(blocks: false) { limits, observers in
        MemorySnapshotStore(limits: limits, differ: observers.differ)
    }
}
