import Foundation
import ListDiffRedis
import ListDiffService
import ListDiffTestSupport
import Testing

/// `--store-min-replicas` over HTTP, against a real server and a real replica of it (each
/// binary found: Redis, Valkey): a write its replica does not acknowledge in time is a 503
/// `store-unavailable` saying the write may have been committed, and retrying it with its
/// `If-Match` is safe — the master kept it, so the retry is a 412 and the read shows the write.
@Suite struct RedisReplicaServiceTests {
    static let path = "/v1/sessions/s/snapshots/feed"

    static func redis(_ endpoint: RedisEndpoint, minReplicas: Int) -> StoreFactory {
        StoreFactory(blocks: true) { limits, observers in
            RedisSnapshotStore(
                client: RedisConnectionPool(endpoint: endpoint, size: 6, connectTimeout: 0.5, replyTimeout: 2),
                limits: limits, replication: RedisReplication(minReplicas: minReplicas, timeout: 0.5),
                differ: observers.differ)
        }
    }

    @Test func aWriteTheReplicaDoesNotAcknowledgeIs503AndSafeToRetryWithIfMatch() throws {
        try RedisErrorReplyServiceTests.eachServer { binary in
            let master = try RedisServerProcess(binary: binary)
            let replica = try master.startReplica()
            try TestService.with(store: Self.redis(master.endpoint, minReplicas: 1)) { service in
                let created = try service.request("PUT", Self.path, body: #"["a"]"#)
                #expect(created.status == 201, "\(binary): acknowledged by its replica")
                let version = try #require(created.json()["to"] as? String)
                replica.suspend()
                let ifMatch = [("If-Match", "\"\(version)\"")]
                let refused = try service.request("PUT", Self.path, body: #"["a", "b"]"#, headers: ifMatch)
                replica.resume()
                RedisErrorReplyServiceTests.expectUnavailable(refused, "\(binary): a write no replica acknowledged")
                let detail = (try? refused.json()["detail"] as? String) ?? ""
                #expect(
                    detail.contains("0 of the 1 replicas") && detail.contains("may have been committed"),
                    "\(binary): \(detail)")
                let retried = try service.request("PUT", Self.path, body: #"["a", "b"]"#, headers: ifMatch)
                #expect(retried.status == 412, "\(binary): the master kept it: \(retried.status) \(retried.bodyText)")
                let read = try service.request("GET", Self.path)
                #expect(
                    (try? read.json()["snapshot"] as? [String]) == ["a", "b"], "\(binary): \(read.bodyText)")
            }
        }
    }

    @Test func twoReplicasAskedForOneThereIs503() throws {
        try RedisErrorReplyServiceTests.eachServer { binary in
            let master = try RedisServerProcess(binary: binary)
            let replica = try master.startReplica()
            try TestService.with(store: Self.redis(master.endpoint, minReplicas: 2)) { service in
                let refused = try service.request("PUT", Self.path, body: #"["a"]"#)
                RedisErrorReplyServiceTests.expectUnavailable(refused, "\(binary): two replicas asked for, one there")
            }
            _ = replica
        }
    }
}
