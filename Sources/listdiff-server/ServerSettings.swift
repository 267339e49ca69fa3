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

    enum Store: Equatable {
        case memory
        case redis(RedisEndpoint)
        /// A Redis or Valkey cluster, by its seed nodes.
        case redisCluster([RedisEndpoint])
    }
}
