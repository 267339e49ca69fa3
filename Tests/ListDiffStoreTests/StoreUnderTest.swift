import ListDiff
import ListDiffJSON
import ListDiffRedis
import ListDiffStore
import ListDiffTestSupport
import Testing

/// One ``SnapshotStore`` implementation the conformance suite runs against: its name and how
/// to make a fresh, empty one with the given limits. A new store adds itself to ``all``.
struct StoreUnderTest: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @Sendable (StoreLimits) throws -> any SnapshotStore

    var testDescription: String { name }

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
        return [StoreUnderTest(name: "memory") { MemorySnapshotStore(limits: $0) }]
            + binaries.flatMap { binary in
                let name = binary.split(separator: "/").last ?? ""
                return [
                    StoreUnderTest(name: "redis (\(name))") { limits in
                        let server = try RedisServerProcess(binary: binary)
                        let pool = RedisConnectionPool(
                            endpoint: server.endpoint, size: 8, connectTimeout: 1, replyTimeout: 5)
                        return ServerBackedStore(RedisSnapshotStore(client: pool, limits: limits), server: server)
                    },
                    StoreUnderTest(name: "redis cluster (\(name))") { limits in
                        let cluster = try RedisClusterProcesses(binary: binary)
                        let client = RedisClusterClient(
                            seeds: cluster.seeds, poolSize: 8, connectTimeout: 1, replyTimeout: 5)
                        return ServerBackedStore(RedisSnapshotStore(client: client, limits: limits), server: cluster)
                    }
                ]
            }
    }()

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
    func put(_ ids: [String], at address: SnapshotAddress, conditions: WriteConditions = WriteConditions()) throws
        -> WriteResult
    {
        try write(StoreInput.flat(ids), isFlat: true, at: address, conditions: conditions, options: DiffOptions())
    }
}
