import ListDiffHTTP
import ListDiffRedis
import ListDiffService

/// Everything the flags and environment set: the transport's configuration and the service's.
struct ServerSettings {
    var http = HTTPServerConfiguration()
    var service = ServiceConfiguration()
    /// Where the OpenAPI document served at `/openapi.yaml` is read from at startup.
    var openAPIPath = "openapi.yaml"
    /// Where snapshots live: this process's memory, a Redis/Valkey server or a cluster of them.
    var store = Store.memory
    /// Whether `--workers` was given; if not, a Redis store gets ``workersPerCoreForRedis``.
    var workersGiven = false

    /// Worker threads per core with a Redis store: each store call holds a worker for a round
    /// trip. Measured (PUT of 20 items, 2 cores, Redis on the same machine): 2 workers 10.0k
    /// req/s, 8 14.0k, 16 15.5k, 32 no better.
    static let workersPerCoreForRedis = 8

    enum Store: Equatable {
        case memory
        case redis(RedisEndpoint)
        /// A Redis or Valkey cluster, by its seed nodes.
        case redisCluster([RedisEndpoint])
    }
}
