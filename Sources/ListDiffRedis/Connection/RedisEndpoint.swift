/// Where a Redis or Valkey server is and how to log in:
/// `redis://[[user]:password@]host[:port][/db]` (port 6379 and db 0 when left out).
public struct RedisEndpoint: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String?
    public var password: String?
    public var database: Int

    public init(host: String, port: Int = 6379, username: String? = nil, password: String? = nil, database: Int = 0) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }

    /// Parses a `redis://` URL; nil, with the reason, when it is not one.
    public static func parse(_ url: String) -> Result<RedisEndpoint, Malformed> {
        guard url.hasPrefix("redis://") else { return .failure(Malformed("it must start with redis://")) }
        var rest = Substring(url.dropFirst("redis://".count))
        var endpoint = RedisEndpoint(host: "")
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                endpoint.username = credentials[..<colon].isEmpty ? nil : String(credentials[..<colon])
                endpoint.password = String(credentials[credentials.index(after: colon)...])
            } else {
                endpoint.password = String(credentials)
            }
        }
        if let slash = rest.firstIndex(of: "/") {
            guard let database = Int(rest[rest.index(after: slash)...]), database >= 0 else {
                return .failure(Malformed("the database after / must be a number"))
            }
            endpoint.database = database
            rest = rest[..<slash]
        }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            endpoint.host = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":", let port = Int(rest.dropFirst()), (1...65535).contains(port) else {
                    return .failure(Malformed("the port must be 1 to 65535"))
                }
                endpoint.port = port
            }
        } else if let colon = rest.lastIndex(of: ":") {
            guard let port = Int(rest[rest.index(after: colon)...]), (1...65535).contains(port) else {
                return .failure(Malformed("the port must be 1 to 65535"))
            }
            endpoint.port = port
            endpoint.host = String(rest[..<colon])
        } else {
            endpoint.host = String(rest)
        }
        guard !endpoint.host.isEmpty else { return .failure(Malformed("it names no host")) }
        return .success(endpoint)
    }

    /// Parses a `redis-cluster://[[user]:password@]host:port[,host:port…]` URL: a cluster's
    /// seed nodes, each with the one login. A cluster has no databases, so no `/db`.
    public static func parseCluster(_ url: String) -> Result<[RedisEndpoint], Malformed> {
        guard url.hasPrefix("redis-cluster://") else {
            return .failure(Malformed("it must start with redis-cluster://"))
        }
        var rest = Substring(url.dropFirst("redis-cluster://".count))
        var login = ""
        if let at = rest.lastIndex(of: "@") {
            login = String(rest[...at])
            rest = rest[rest.index(after: at)...]
        }
        guard !rest.contains("/") else { return .failure(Malformed("a cluster has no databases: leave out /db")) }
        var seeds: [RedisEndpoint] = []
        for node in rest.split(separator: ",", omittingEmptySubsequences: false) {
            switch parse("redis://" + login + node) {
            case .success(let seed): seeds.append(seed)
            case .failure(let malformed): return .failure(Malformed("seed \(seeds.count + 1): \(malformed.reason)"))
            }
        }
        return .success(seeds)
    }

    /// Why a URL is not a Redis endpoint.
    public struct Malformed: Error, Equatable {
        public var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The URL without the password (safe to log).
    public var description: String {
        let login = password == nil ? "" : "\(username ?? ""):***@"
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "redis://\(login)\(host):\(port)/\(database)"
    }
}
