import Foundation
import ListDiffRedis
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// `--store-min-replicas` over HTTP, against a real server and a real replica of it (each
/// binary found: Redis, Valkey): a write its replica does not acknowledge in time is a 503
/// `store-unavailable` saying the write may have been committed, and retrying it with its
/// `If-Match` is safe — the master kept it, so the retry is a 412 and the read shows the write.
@Suite(.ownThreads) struct RedisReplicaServiceTests {
    static let path = "/v1/sessions/s/snapshots/feed"

    static func redis(_ endpoint: RedisEndpoint, minReplicas: Int) -> StoreFactory {
        StoreFactory(blocks: true) { limits, observers in
            RedisSnapshotStore(
                client: RedisConnectionPool(endpoint: endpoint, size: 6, connectTimeout: 0.5, replyTimeout: 2),
                limits: limits, replication: RedisReplication(minReplicas: minReplicas, timeout: 0.5),
                differ: observers.differ, background: observers.background)
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

    /// Deletes and `POST /v1/sessions` wait for the replicas too: with the replica stopped each
    /// is a 503 whose outcome is unknown, and retrying a delete afterwards answers 404 — the
    /// master did it (a failover to the stopped replica would have brought the data back).
    @Test func deletesAndSessionCreationTheReplicaDoesNotAcknowledgeAre503() throws {
        try RedisErrorReplyServiceTests.eachServer { binary in
            let master = try RedisServerProcess(binary: binary)
            let replica = try master.startReplica()
            try TestService.with(store: Self.redis(master.endpoint, minReplicas: 1)) { service in
                let feed = try service.request("PUT", Self.path, body: #"["a"]"#)
                let other = try service.request("PUT", "/v1/sessions/t/snapshots/x", body: #"["b"]"#)
                #expect(feed.status == 201 && other.status == 201, "\(binary)")
                replica.suspend()
                let refused = [
                    ("DELETE", Self.path), ("DELETE", "/v1/sessions/t"), ("POST", "/v1/sessions")
                ].map { (method, path) in (method, path, try? service.request(method, path)) }
                replica.resume()
                for (method, path, response) in refused {
                    guard let response else {
                        Issue.record("\(binary): \(method) \(path) got no answer")
                        continue
                    }
                    RedisErrorReplyServiceTests.expectUnavailable(response, "\(binary): \(method) \(path)")
                    let detail = (try? response.json()["detail"] as? String) ?? ""
                    #expect(
                        detail.contains("0 of the 1 replicas") && detail.contains("may have been committed"),
                        "\(binary): \(method) \(path): \(detail)")
                }
                let retriedSnapshot = try service.request("DELETE", Self.path)
                let retriedSession = try service.request("DELETE", "/v1/sessions/t")
                #expect(retriedSnapshot.status == 404, "\(binary): the master deleted the snapshot")
                #expect(retriedSession.status == 404, "\(binary): the master deleted the session")
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
