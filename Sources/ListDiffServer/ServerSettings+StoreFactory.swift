import Foundation
import ListDiffHTTP
import ListDiffRedis
import ListDiffService

extension ServerSettings {
    /// The memory store, or a Redis store with a connection (per server) for every worker and a
    /// few more (the subscriber has its own). Endpoints are logged without their password. A
    /// round trip may take the whole `--store-timeout`; each call's deadline cuts it shorter.
    func storeFactory() -> StoreFactory {
        let size = http.workerCount + 4
        let log = ServerLog(level: http.logLevel)
        let callTimeout = service.store.callTimeout
        let replication = RedisReplication(minReplicas: storeMinReplicas)
        let makeClient: @Sendable (_ observeRoundTrip: @escaping @Sendable (Double) -> Void) -> any RedisClient
        switch store {
        case .memory:
            return .memory
        case .redis(let endpoint):
            log.log(.info, "snapshots in \(endpoint)")
            Self.checkInBackground([endpoint], log: log)
            makeClient = {
                RedisConnectionPool(
                    endpoint: endpoint, size: size, connectTimeout: 1, replyTimeout: callTimeout, observeRoundTrip: $0)
            }
        case .redisCluster(let seeds):
            log.log(.info, "snapshots in the cluster of \(seeds.map(\.description).joined(separator: ", "))")
            Self.checkInBackground(seeds, log: log)
            makeClient = {
                RedisClusterClient(
                    seeds: seeds, poolSize: size, connectTimeout: 1, replyTimeout: callTimeout, observeRoundTrip: $0)
            }
        }
        return StoreFactory(blocks: true) { limits, observers in
            RedisSnapshotStore(
                client: makeClient(observers.roundTrip), limits: limits, replication: replication,
                differ: observers.differ, background: observers.background, log: { log.log(.warning, $0) })
        }
    }

    /// Logs ``RedisStartupCheck``'s warnings (a server that does not answer, a policy that may
    /// evict), without holding up the start: a store down at start is not a reason not to serve.
    static func checkInBackground(_ endpoints: [RedisEndpoint], log: ServerLog) {
        DispatchQueue.global().async {
            for warning in RedisStartupCheck.warnings(endpoints: endpoints) { log.log(.warning, warning) }
        }
    }
}
