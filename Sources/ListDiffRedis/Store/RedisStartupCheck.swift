/// What a server says at start about its Redis store, before any request needs it: a server
/// that does not answer, named by host and port (never the password), and a `maxmemory-policy`
/// that may evict keys — an evicted key takes part of a session (see docs/operating.md), so
/// `noeviction` is the one to run with — or that could not be read (`CONFIG` renamed or
/// refused, as on managed Redis).
public enum RedisStartupCheck {
    /// The warnings for `endpoints` (one server, or a cluster's seed nodes), each a line for
    /// the log; none when every server answers and cannot evict.
    public static func warnings(endpoints: [RedisEndpoint], connectTimeout: Double = 1, replyTimeout: Double = 2)
        -> [String]
    {
        endpoints.compactMap { endpoint in
            let name = address(endpoint)
            let connection: RedisConnection
            do {
                connection = try RedisConnection(
                    endpoint: endpoint, connectTimeout: connectTimeout, replyTimeout: replyTimeout)
            } catch {
                return
                    "the snapshot store at \(name) does not answer (\(error)): calls to it answer 503 and /readyz 503 until it does"
            }
            defer { connection.close() }
            let policy: String
            do {
                let reply = try connection.call(RESPCommand("CONFIG", "GET", "maxmemory-policy"))
                guard case .array(let fields?) = reply, fields.count == 2, let value = fields[1].string else {
                    return
                        "could not check the maxmemory-policy of the snapshot store at \(name): CONFIG GET answered no policy"
                }
                policy = value
            } catch {
                return
                    "could not check the maxmemory-policy of the snapshot store at \(name) (\(error)): unless it is noeviction, Redis may evict single keys of a session"
            }
            guard policy != "noeviction" else { return nil }
            return
                "the snapshot store at \(name) has maxmemory-policy \(policy), which may evict single keys of a session: run it with noeviction (a full store then refuses writes with 507)"
        }
    }

    /// `host:port`, a literal IPv6 host in brackets.
    static func address(_ endpoint: RedisEndpoint) -> String {
        (endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host) + ":\(endpoint.port)"
    }
}
