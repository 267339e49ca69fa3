import Foundation
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffRedis

/// A cluster that says `cluster_state:fail` is not ready, though every master still answers a
/// ping: the real three-master cluster, one master made to lose a slot (`CLUSTER DELSLOTS`),
/// after which it answers every call with `CLUSTERDOWN`.
@Suite(.ownThreads) struct RedisClusterReadinessTests {
    @Test func aClusterInTheFailStateIsNotReachable() throws {
        for binary in try RedisClusterTests.binaries() {
            let cluster = try RedisClusterProcesses(binary: binary)
            let store = RedisSnapshotStore(
                client: RedisClusterClient(seeds: cluster.seeds, poolSize: 2), limits: RedisClusterTests.limits)
            #expect(Self.eventually { store.isReachable }, "\(binary): the formed cluster is ready")
            let node = try RedisClusterTests.connection(cluster.nodes[0])
            _ = try node.call(RESPCommand("CLUSTER", "DELSLOTS", "0"))
            #expect(
                Self.eventually {
                    (try? node.call(RESPCommand("CLUSTER", "INFO")))?.string?.contains("cluster_state:fail") == true
                },
                "\(binary): the master without slot 0 says its cluster failed")
            #expect(
                (try? node.call(RESPCommand("PING")))?.string == "PONG", "\(binary): it still answers a ping")
            #expect(Self.eventually { !store.isReachable }, "\(binary): the store is not ready while it lasts")
            _ = try node.call(RESPCommand("CLUSTER", "ADDSLOTS", "0"))
            #expect(Self.eventually { store.isReachable }, "\(binary): ready again once the slot is served")
        }
    }

    /// Whether `condition` holds within 8 s (asked every 50 ms: a readiness question starts a
    /// probe in the background, which the next question sees).
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 8)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return false
    }
}
