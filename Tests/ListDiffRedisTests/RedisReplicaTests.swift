import Foundation
import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// Acknowledged means replicated, when asked: with `minReplicas`, a write is acknowledged only
/// once `WAIT` says that many replicas have it — against a real `redis-server` and a real
/// replica of it (`--replicaof`).
@Suite(.ownThreads) struct RedisReplicaTests {
    static let limits = RedisSnapshotStoreTests.limits
    static let feed = RedisSnapshotStoreTests.feed
    static let waitSeconds = 0.5

    static func store(_ server: RedisServerProcess, minReplicas: Int) -> RedisSnapshotStore {
        RedisSnapshotStore(
            client: RedisConnectionPool(endpoint: server.endpoint, size: 2, replyTimeout: 3), limits: limits,
            replication: RedisReplication(minReplicas: minReplicas, timeout: waitSeconds))
    }

    static func write(_ store: RedisSnapshotStore, _ ids: [String]) throws(StoreError) -> WriteResult {
        let snapshot: WireSnapshot
        do {
            snapshot = try RedisSnapshotStoreTests.flat(ids)
        } catch {
            throw .invalidSnapshot("\(error)")
        }
        return try store.write(
            snapshot, isFlat: true, at: feed, conditions: .unconditional, options: DiffOptions())
    }

    /// One replica, one asked for: acknowledged, and the replica holds the write.
    @Test func aWriteOneReplicaHasIsAcknowledged() throws {
        guard let master = try RedisServerProcess.startFirst() else { return }
        let replica = try master.startReplica()
        let store = Self.store(master, minReplicas: 1)
        let written = try Self.write(store, ["a", "b"])
        #expect(written.head.version.number == 1)
        let onReplica = try RedisConnection(endpoint: replica.endpoint, connectTimeout: 1, replyTimeout: 1).call(
            RESPCommand("HGET", RedisKeys(namespace: "ld", owner: 0, session: "s").snapshot("feed"), "version"))
        #expect(onReplica.string == "1", "the replica has the acknowledged version")
    }

    /// The replica stopped (SIGSTOP): the write is answered unavailable with its outcome unknown
    /// within the wait, and this instance does not take it as committed (no guess kept for
    /// the next write to build on).
    @Test func aWriteNoReplicaAcknowledgesIsUnavailableWithItsOutcomeUnknown() throws {
        guard let master = try RedisServerProcess.startFirst() else { return }
        let replica = try master.startReplica()
        let store = Self.store(master, minReplicas: 1)
        _ = try Self.write(store, ["a"])
        replica.suspend()
        defer { replica.resume() }
        let started = SystemSocket.now()
        let refusal: StoreError?
        do {
            _ = try Self.write(store, ["a", "b"])
            refusal = nil
        } catch {
            refusal = error
        }
        let seconds = SystemSocket.now() - started
        guard case .unavailable(let reason, outcomeUnknown: true) = refusal else {
            Issue.record("expected unavailable with its outcome unknown, got \(String(describing: refusal))")
            return
        }
        #expect(reason.contains("0 of the 1 replicas"), "\(reason)")
        #expect(seconds >= Self.waitSeconds - 0.05 && seconds < Self.waitSeconds + 0.5, "answered in \(seconds) s")
        #expect(store.recent.take(Self.feed) == nil, "no guess kept from a write not acknowledged")
    }

    /// Deletes and a session's creation wait for the replicas as writes do: with the replica
    /// stopped, each is unavailable with its outcome unknown — and the master did make the
    /// change, which a failover to that replica would undo.
    @Test func deletesAndSessionCreationNoReplicaAcknowledgesAreUnavailable() throws {
        guard let master = try RedisServerProcess.startFirst() else { return }
        let replica = try master.startReplica()
        let store = Self.store(master, minReplicas: 1)
        _ = try Self.write(store, ["a"])
        let other = SnapshotAddress(owner: 0, session: "t", snapshot: "x")
        _ = try store.write(
            RedisSnapshotStoreTests.flat(["b"]), isFlat: true, at: other, conditions: .unconditional,
            options: DiffOptions())
        replica.suspend()
        defer { replica.resume() }
        let changes: [(String, () throws(StoreError) -> Void)] = [
            ("a snapshot's delete", { () throws(StoreError) in try store.deleteSnapshot(Self.feed) }),
            ("a session's delete", { () throws(StoreError) in try store.deleteSession(owner: 0, session: "t") }),
            ("a session's creation", { () throws(StoreError) in _ = try store.createSession(owner: 0, name: "u") })
        ]
        for (what, change) in changes {
            do {
                try change()
                Issue.record("\(what) was acknowledged with no replica answering")
            } catch {
                guard case .unavailable(let reason, outcomeUnknown: true) = error else {
                    Issue.record("\(what): expected unavailable with its outcome unknown, got \(error)")
                    continue
                }
                #expect(reason.contains("0 of the 1 replicas"), "\(what): \(reason)")
            }
        }
        #expect(throws: StoreError.self, "the master deleted the snapshot") { try store.read(Self.feed) }
        #expect(throws: StoreError.self, "the master deleted the session") {
            try store.listSnapshots(owner: 0, session: "t")
        }
        #expect(throws: StoreError.self, "the master made the session") {
            _ = try store.createSession(owner: 0, name: "u")
        }
    }

    /// Two replicas asked for, one there: never acknowledged.
    @Test func aWriteMoreReplicasThanExistIsUnavailable() throws {
        guard let master = try RedisServerProcess.startFirst() else { return }
        let replica = try master.startReplica()
        let store = Self.store(master, minReplicas: 2)
        #expect(throws: StoreError.self) { try Self.write(store, ["a"]) }
        do {
            _ = try Self.write(store, ["a"])
        } catch {
            guard case .unavailable(let reason, outcomeUnknown: true) = error else {
                Issue.record("expected unavailable with its outcome unknown, got \(error)")
                return
            }
            #expect(reason.contains("1 of the 2 replicas"), "\(reason)")
        }
        _ = replica
    }
}
