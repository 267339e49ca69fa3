import ListDiffStore

/// How the service makes its snapshot store from its limits and its diff metrics: the
/// in-memory store (the default), or any other ``SnapshotStore`` (the server's `--store`).
public struct StoreFactory: Sendable {
    /// Whether the store's calls wait on the network: then every route that calls it runs on a
    /// worker thread, never on an event loop.
    public var blocks: Bool
    public var make: @Sendable (StoreLimits, @escaping DiffObserver) -> any SnapshotStore

    public init(blocks: Bool, make: @escaping @Sendable (StoreLimits, @escaping DiffObserver) -> any SnapshotStore) {
        self.blocks = blocks
        self.make = make
    }

    /// Snapshots in this process's memory, bounded by ``ServiceConfiguration/maxStoreBytes``.
    public static let memory = StoreFactory(blocks: false) { limits, observe in MemorySnapshotStore(limits: limits, observeDiff: observe) }
}
