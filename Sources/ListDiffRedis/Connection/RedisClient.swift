/// What the store sends its commands through: one server's ``RedisConnectionPool``, or a
/// ``RedisClusterClient`` that sends each call to the master holding its key's slot.
public protocol RedisClient: AnyObject, Sendable {
    /// Sends `commands` pipelined to the server that holds `key` (every command must concern
    /// that key's slot) and returns their replies in order; refusals are `.error` replies.
    func send(_ commands: [RESPCommand], routedBy key: String) throws(RedisError) -> [RESPValue]

    /// The servers a subscriber may listen on, in the order to try them: any node of a cluster
    /// hears every `PUBLISH`.
    var subscriptionEndpoints: [RedisEndpoint] { get }

    /// Calls made and those the server did not serve.
    var statistics: RedisCallStatistics { get }

    /// Pings every server once, so that ``statistics`` learns which answer again.
    func probe()
}

/// A ``RedisClient`` that also sends without holding its caller's thread for the round trip
/// (``RedisPipeline``).
public protocol RedisPipelinedClient: RedisClient {
    /// Sends `commands` as ``RedisClient/send(_:routedBy:)`` does and answers their replies,
    /// from another thread, once all are in (or the failure), within the reply timeout or the
    /// caller's ``StoreCallDeadline`` if nearer.
    func send(
        _ commands: [RESPCommand], routedBy key: String,
        answer: @escaping @Sendable (Result<[RESPValue], RedisError>) -> Void)
}

extension RedisClient {
    /// Sends one command; a refusal throws ``RedisError/server(_:)``.
    public func call(_ command: RESPCommand, routedBy key: String) throws(RedisError) -> RESPValue {
        let reply = try send([command], routedBy: key)[0]
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }
}

/// A client's calls: how many, how many failed — the server did not answer, or answered that
/// it serves nothing now (``RedisRefusal/Kind/notServing``: busy, loading, its cluster down) —
/// whether the last one (to any server) was such, whether any ever was served, and when the
/// last ended (monotonic seconds; 0 before the first).
public struct RedisCallStatistics: Equatable, Sendable {
    public var roundTrips = 0
    public var failures = 0
    public var lastFailed = false
    /// Some call was served: the server has answered since the client was made.
    public var served = false
    public var lastCallAt = 0.0

    public init() {}
}
