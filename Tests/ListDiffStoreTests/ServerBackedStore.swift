import ListDiff
import ListDiffStore
import ListDiffTestSupport
import ListDiffWire

/// A store and the server processes it talks to (one, or a cluster's), which live exactly as
/// long as the store.
final class ServerBackedStore: SnapshotStore, @unchecked Sendable {
    // Sendable argument: `server` is only read (kept alive) after init; the store is Sendable.
    private let store: any SnapshotStore
    /// The server processes (a ``RedisServerProcess`` or a ``RedisClusterProcesses``).
    let server: AnyObject

    init(_ store: any SnapshotStore, server: AnyObject) {
        self.store = store
        self.server = server
    }

    func createSession(owner: Int, name: String?) throws(StoreError) -> String {
        try store.createSession(owner: owner, name: name)
    }
    func listSnapshots(owner: Int, session: String) throws(StoreError) -> WireSessionListing {
        try store.listSnapshots(owner: owner, session: session)
    }
    func deleteSession(owner: Int, session: String) throws(StoreError) {
        try store.deleteSession(owner: owner, session: session)
    }
    func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions
    ) throws(StoreError) -> WriteResult {
        try store.write(snapshot, isFlat: isFlat, at: address, conditions: conditions, options: options)
    }
    func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition, options: DiffOptions
    ) throws(StoreError) -> WriteResult {
        try store.apply(operations, at: address, conditions: conditions, options: options)
    }
    func read(_ address: SnapshotAddress) throws(StoreError) -> StoredVersion { try store.read(address) }
    func changes(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions) throws(StoreError)
        -> SnapshotChanges
    {
        try store.changes(at: address, since: since, options: options)
    }
    func deleteSnapshot(_ address: SnapshotAddress) throws(StoreError) { try store.deleteSnapshot(address) }
    func waitForChange(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping @Sendable (Result<SnapshotChanges, StoreError>) -> Void
    ) throws(StoreError) -> ChangeWait? {
        try store.waitForChange(at: address, since: since, options: options, answer)
    }
    func statistics() -> StoreStatistics { store.statistics() }
    var isReachable: Bool { store.isReachable }
    var epoch: String { store.epoch }
}
