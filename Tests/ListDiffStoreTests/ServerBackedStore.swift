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

    func createSession(owner: Int, name: String?, _ answer: @escaping StoreAnswer<String>) {
        store.createSession(owner: owner, name: name, answer)
    }
    func listSnapshots(owner: Int, session: String, _ answer: @escaping StoreAnswer<WireSessionListing>) {
        store.listSnapshots(owner: owner, session: session, answer)
    }
    func deleteSession(owner: Int, session: String, _ answer: @escaping StoreAnswer<Void>) {
        store.deleteSession(owner: owner, session: session, answer)
    }
    func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions, _ answer: @escaping StoreAnswer<WriteResult>
    ) {
        store.write(snapshot, isFlat: isFlat, at: address, conditions: conditions, options: options, answer)
    }
    func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions, _ answer: @escaping StoreAnswer<WriteResult>
    ) {
        store.apply(operations, at: address, conditions: conditions, options: options, answer)
    }
    func read(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<StoredVersion>) {
        store.read(address, answer)
    }
    func changes(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>
    ) {
        store.changes(at: address, since: since, options: options, answer)
    }
    func deleteSnapshot(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<Void>) {
        store.deleteSnapshot(address, answer)
    }
    func nextChanges(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>
    ) -> ChangeWait {
        store.nextChanges(at: address, since: since, options: options, answer)
    }
    func statistics() -> StoreStatistics { store.statistics() }
    var isReachable: Bool { store.isReachable }
    var epoch: String { store.epoch }
}
