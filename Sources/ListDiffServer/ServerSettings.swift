import ListDiffHTTP
import ListDiffRedis
import ListDiffService

/// Everything the flags and environment set: the transport's configuration and the service's.
/// The defaults are `--help`'s.
public struct ServerSettings: Sendable {
    public var http = HTTPServerConfiguration()
    public var service = ServiceConfiguration()
    /// Where the OpenAPI document served at `/openapi.yaml` is read from at startup.
    public var openAPIPath = "openapi.yaml"
    /// Where snapshots live: this process's memory, a Redis/Valkey server or a cluster of them.
    var store = Store.memory
    /// Replicas a Redis store's write waits for before it is acknowledged (`--store-min-replicas`).
    var storeMinReplicas = 0
    /// Origins whose pages may call `/v1` from a browser (`--cors-origins`); none by default.
    public var corsOrigins: [String] = []
    /// Whether `/playground` (the page and listdiff.js) is served (`--playground off` turns it off).
    var playground = true
    /// Whether anyone may use `/v1` without a key on an address other than loopback (`--allow-anonymous on`).
    var allowAnonymous = false
    /// Whether `POST /echo` is mounted (`--benchmark-routes on`): it answers with whatever
    /// content type it is sent, so it stays out of a server that is not being benchmarked.
    var benchmarkRoutes = false
    /// Whether `--workers` was given; if not, a Redis store gets ``workersPerCoreForRedis``.
    var workersGiven = false

    /// Worker threads per core with a Redis store: each store call holds a worker for a round
    /// trip, but more threads than needed cost context switches (docs/benchmarks.md, "Redis",
    /// has the figures that chose it).
    static let workersPerCoreForRedis = 4

    public init() {}

    enum Store: Equatable {
        case memory
        case redis(RedisEndpoint)
        /// A Redis or Valkey cluster, by its seed nodes.
        case redisCluster([RedisEndpoint])
    }
}
