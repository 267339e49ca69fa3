import Foundation
import ListDiff
import ListDiffRedis
@_spi(Rollback) import ListDiffStore
import ListDiffTestSupport
import ListDiffWire
import Testing

/// One ``SnapshotStore`` implementation the conformance suite runs against: its name and how
/// to make a fresh, empty one with the given limits. A new store adds itself to ``all``.
struct StoreUnderTest: CustomTestStringConvertible, Sendable {
    let name: String
    /// Makes a fresh, empty store with the given limits, aging its sessions by the clock given
    /// when it ``agesByClock``.
    private let makeStore: @Sendable (StoreLimits, StoreClock) throws -> any SnapshotStore
    /// True for the memory store; Redis ages sessions by its own TTLs, in real seconds.
    let agesByClock: Bool
    /// How to roll a store it made back, as a restored backup or a replica that missed the
    /// last writes would: given the store and a snapshot that exists, keeps their state and
    /// answers what puts it back.
    var rollback: (@Sendable (any SnapshotStore, SnapshotAddress) throws -> (() throws -> Void))? = nil

    var testDescription: String { name }

    init(
        name: String, agesByClock: Bool = false,
        make: @escaping @Sendable (StoreLimits, StoreClock) throws -> any SnapshotStore,
        rollback: (@Sendable (any SnapshotStore, SnapshotAddress) throws -> (() throws -> Void))?
    ) {
        self.name = name
        self.agesByClock = agesByClock
        makeStore = make
        self.rollback = rollback
    }

    func make(_ limits: StoreLimits, clock: StoreClock = .system) throws -> any SnapshotStore {
        try makeStore(limits, clock)
    }

    /// The memory store, and on each server binary found a Redis store on one server and one on
    /// a three-master cluster (fresh servers per store; none where no binary is installed, which
    /// the suite prints).
    static let all: [StoreUnderTest] = {
        let binaries = RedisServerProcess.binaries
        print(
            "store conformance: the memory store"
                + (binaries.isEmpty
                    ? "; \(RedisServerProcess.missingReason)"
                    : ", and Redis stores on \(binaries.joined(separator: ", "))"))
        return [
            StoreUnderTest(
                name: "memory", agesByClock: true, make: { MemorySnapshotStore(limits: $0, clock: $1) },
                rollback: rollbackInMemory)
        ]
            + binaries.flatMap { binary in
                let name = binary.split(separator: "/").last ?? ""
                return [
                    StoreUnderTest(
                        name: "redis (\(name))",
                        make: { limits, _ in
                            let server = try RedisServerProcess.withOwnDirectory(binary: binary)
                            let pool = RedisConnectionPool(
                                endpoint: server.endpoint, size: 8, connectTimeout: 1, replyTimeout: 5)
                            return ServerBackedStore(RedisSnapshotStore(client: pool, limits: limits), server: server)
                        }, rollback: rollbackFromRDB),
                    StoreUnderTest(
                        name: "redis cluster (\(name))",
                        make: { limits, _ in
                            let cluster = try RedisClusterProcesses(binary: binary)
                            let client = RedisClusterClient(
                                seeds: cluster.seeds, poolSize: 8, connectTimeout: 1, replyTimeout: 5)
                            return ServerBackedStore(
                                RedisSnapshotStore(client: client, limits: limits), server: cluster)
                        }, rollback: rollbackClusterNode)
                ]
            }
    }()

    /// The memory store's test hook: the snapshot and the version counter put back.
    static let rollbackInMemory: @Sendable (any SnapshotStore, SnapshotAddress) throws -> (() throws -> Void) = {
        store, address in
        guard let memory = store as? MemorySnapshotStore else { throw RollbackUnavailable() }
        let checkpoint = try memory.checkpoint(address)
        return { try memory.restore(checkpoint) }
    }

    /// A real server's rollback: `SAVE`, and later `kill -9` and a restart from that RDB; the
    /// store's next calls find its connections gone and open new ones.
    static let rollbackFromRDB: @Sendable (any SnapshotStore, SnapshotAddress) throws -> (() throws -> Void) = {
        store, address in
        guard let backed = store as? ServerBackedStore, let server = backed.server as? RedisServerProcess else {
            throw RollbackUnavailable()
        }
        let connection = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 5)
        guard case .simpleString("OK") = try connection.call(RESPCommand("SAVE")) else { throw RollbackUnavailable() }
        return {
            try server.killAndRestart()
            // Pooled connections to the killed server fail once each; reads retry on a new one.
            let deadline = Date(timeIntervalSinceNow: 5)
            while Date() < deadline, (try? store.read(address)) == nil { usleep(50_000) }
        }
    }

    /// A cluster's rollback: the node holding the session (its keys share one slot) saved,
    /// and later killed and restarted from that RDB, rejoining with its slots.
    static let rollbackClusterNode: @Sendable (any SnapshotStore, SnapshotAddress) throws -> (() throws -> Void) = {
        store, address in
        guard let backed = store as? ServerBackedStore, let cluster = backed.server as? RedisClusterProcesses else {
            throw RollbackUnavailable()
        }
        // The store's key for the session (namespace `ld`): its hash tag picks the slot.
        let node = try cluster.node(servingKey: "ld:{\(address.owner):\(address.session)}:session")
        let connection = try RedisConnection(endpoint: node.endpoint, connectTimeout: 1, replyTimeout: 5)
        guard case .simpleString("OK") = try connection.call(RESPCommand("SAVE")) else { throw RollbackUnavailable() }
        return {
            try node.killAndRestart()
            try cluster.waitUntilFormed()
            let deadline = Date(timeIntervalSinceNow: 5)
            while Date() < deadline, (try? store.read(address)) == nil { usleep(50_000) }
        }
    }

    struct RollbackUnavailable: Error {}

    /// Generous limits, overridden where a test needs one small.
    static func limits(
        versionsKept: Int = 16, maxItems: Int = 1_000, maxSnapshots: Int = 8, maxWork: Int = 100_000,
        idleSeconds: Double = 3600
    ) -> StoreLimits {
        StoreLimits(
            maxSessions: 100, maxSnapshotsPerSession: maxSnapshots, maxItemsPerSnapshot: maxItems,
            maxOperationWork: maxWork,
            versionsKept: versionsKept, maxStoreBytes: 1 << 28, maxSessionBytes: 1 << 27,
            sessionIdleSeconds: idleSeconds, owners: 1)
    }
}

/// Snapshots and operations written as the API's JSON, read by the wire's decoders.
enum StoreInput {
    static func flat(_ ids: [String]) throws -> WireSnapshot {
        try WireDecoder.snapshot(Array(("[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)).snapshot
    }

    static func sectioned(_ json: String) throws -> WireSnapshot {
        try WireDecoder.snapshot(Array(json.utf8)).snapshot
    }

    static func operations(_ json: String) throws -> [WireOperation] {
        try WireDecoder.operations(Array(json.utf8))
    }

    /// The item identifiers of a snapshot, in order, as text.
    static func ids(_ snapshot: WireSnapshot) -> [String] {
        snapshot.sections.flatMap { $0.items.map { $0.id.description } }
    }
}

extension SnapshotStore {
    /// Writes a flat list without conditions.
    @discardableResult
    func put(_ ids: [String], at address: SnapshotAddress, conditions: WritePrecondition = .unconditional) throws
        -> WriteResult
    {
        try write(StoreInput.flat(ids), isFlat: true, at: address, conditions: conditions, options: DiffOptions())
    }
}
