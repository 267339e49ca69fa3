import Foundation

/// Connections to one server, shared by the worker threads: at most `size` open, an idle one
/// reused, one that failed dropped. After a failed connect, new attempts wait out a backoff
/// (0.1 s, doubling to 2 s) and callers meanwhile fail at once with
/// ``RedisError/backingOff(_:)``: a server that is down answers requests quickly, not after a
/// connect timeout each.
///
/// Calls that must not hold their thread go through the pool's ``RedisPipeline`` instead
/// (``send(_:routedBy:answer:)``): a few connections of its own that many calls share at once.
public final class RedisConnectionPool: RedisPipelinedClient, @unchecked Sendable {
    // Sendable argument: `idle`, `open`, `backoff`, `nextAttemptAt` and `counts` are only
    // touched while holding `condition`; a connection is used by one thread at a time, between checkout and
    // checkin.
    public let endpoint: RedisEndpoint
    public let size: Int
    public let connectTimeout: Double
    public let replyTimeout: Double
    private let condition = NSCondition()
    private var idle: [RedisConnection] = []
    private var open = 0
    private var backoff = 0.0
    private var nextAttemptAt = 0.0
    private var counts = RedisCallStatistics()

    private let observeRoundTrip: @Sendable (Double) -> Void
    private let pipeline: RedisPipeline

    /// A pool of at most `size` connections; `observeRoundTrip` is told how long each call took.
    public init(
        endpoint: RedisEndpoint, size: Int, connectTimeout: Double = 1, replyTimeout: Double = 2,
        observeRoundTrip: @escaping @Sendable (Double) -> Void = { _ in }
    ) {
        self.endpoint = endpoint
        self.size = max(1, size)
        self.connectTimeout = connectTimeout
        self.replyTimeout = replyTimeout
        self.observeRoundTrip = observeRoundTrip
        pipeline = RedisPipeline(
            endpoint: endpoint, connections: Self.pipelinedConnections, connectTimeout: connectTimeout)
    }

    deinit {
        pipeline.stop()
    }

    /// Connections the pipeline keeps: each carries many calls at once, and two let one
    /// large reply not hold back every other.
    static let pipelinedConnections = 2

    public func send(
        _ commands: [RESPCommand], routedBy key: String,
        answer: @escaping @Sendable (Result<[RESPValue], RedisError>) -> Void
    ) {
        // Past the call's deadline: no round trip, so none is counted.
        let timeout = RedisConnection.bounded(replyTimeout)
        guard timeout > 0 else { return answer(.failure(.timedOut(0))) }
        let started = SystemSocket.now()
        // A millisecond past the call's deadline (read on another clock a moment earlier), so
        // that its caller finds the deadline passed when the timeout answers it.
        pipeline.send(commands, deadline: started + timeout + 0.001) { [self] result in
            observeRoundTrip(SystemSocket.now() - started)
            switch result {
            case .success(let replies): count(failed: !Self.served(replies))
            case .failure: count(failed: true)
            }
            answer(result)
        }
    }

    /// Runs `body` with a connection of its own; waits up to the reply timeout for one to be
    /// free when all `size` are busy.
    public func withConnection<T>(_ body: (RedisConnection) throws(RedisError) -> T) throws(RedisError) -> T {
        try withConnection(body, served: { _ in true })
    }

    /// `withConnection`, counting a result `served` calls false as a failed call.
    private func withConnection<T>(
        _ body: (RedisConnection) throws(RedisError) -> T, served: (T) -> Bool
    ) throws(RedisError) -> T {
        // Past the call's deadline: no round trip, so none is counted.
        guard RedisConnection.bounded(replyTimeout) > 0 else { throw .timedOut(0) }
        let started = SystemSocket.now()
        defer { observeRoundTrip(SystemSocket.now() - started) }
        let connection: RedisConnection
        do {
            connection = try checkOut()
        } catch {
            // Not connected, or a refused login (`AUTH`, `SELECT`): no call can be served.
            count(failed: true)
            throw error
        }
        defer { checkIn(connection) }
        do {
            let result = try body(connection)
            count(failed: !served(result))
            return result
        } catch {
            // A refusal is the server answering, unless it says it serves nothing now (busy,
            // loading); anything else is the server not answering.
            if case .server(let message) = error {
                count(failed: RedisRefusal(message).kind == .notServing)
            } else {
                count(failed: true)
            }
            throw error
        }
    }

    public var statistics: RedisCallStatistics {
        condition.withLock { counts }
    }

    private func count(failed: Bool) {
        condition.withLock {
            counts.roundTrips += 1
            if failed { counts.failures += 1 } else { counts.served = true }
            counts.lastFailed = failed
            counts.lastCallAt = SystemSocket.now()
        }
    }

    /// Sends commands pipelined on one connection (see ``RedisConnection/send(_:)``). Replies
    /// saying the server serves nothing now (``RedisRefusal/Kind/notServing``) count as a failed call.
    public func send(_ commands: [RESPCommand]) throws(RedisError) -> [RESPValue] {
        try withConnection({ connection throws(RedisError) in try connection.send(commands) }, served: Self.served)
    }

    /// Whether no reply says the server serves nothing now.
    static func served(_ replies: [RESPValue]) -> Bool {
        !replies.contains { $0.refusal?.kind == .notServing }
    }

    /// One server holds every key: `key` is not needed.
    public func send(_ commands: [RESPCommand], routedBy key: String) throws(RedisError) -> [RESPValue] {
        try send(commands)
    }

    public var subscriptionEndpoints: [RedisEndpoint] { [endpoint] }

    public func probe() {
        _ = try? call(RESPCommand("PING"))
    }

    /// Sends one command; a refusal throws ``RedisError/server(_:)``.
    public func call(_ command: RESPCommand) throws(RedisError) -> RESPValue {
        try withConnection { connection throws(RedisError) in try connection.call(command) }
    }

    /// Closes the idle connections (busy ones close when they come back).
    public func closeIdle() {
        condition.lock()
        let closing = idle
        idle = []
        open -= closing.count
        condition.unlock()
        for connection in closing { connection.close() }
    }

    private func checkOut() throws(RedisError) -> RedisConnection {
        let timeout = RedisConnection.bounded(replyTimeout)
        guard timeout > 0 else { throw .timedOut(0) }
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while idle.isEmpty, open >= size {
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw .timedOut(timeout)
            }
        }
        while let connection = idle.popLast() {
            if connection.isAlive() {
                condition.unlock()
                return connection
            }
            // The server went away while it was idle: open another instead.
            open -= 1
        }
        let now = SystemSocket.now()
        guard now >= nextAttemptAt else {
            condition.unlock()
            throw .backingOff(nextAttemptAt - now)
        }
        open += 1
        condition.unlock()
        do {
            let connection = try RedisConnection(
                endpoint: endpoint, connectTimeout: RedisConnection.bounded(connectTimeout), replyTimeout: replyTimeout)
            condition.lock()
            backoff = 0
            condition.unlock()
            return connection
        } catch {
            condition.lock()
            open -= 1
            backoff = backoff == 0 ? 0.1 : min(2, backoff * 2)
            nextAttemptAt = SystemSocket.now() + backoff
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func checkIn(_ connection: RedisConnection) {
        condition.lock()
        if connection.isOpen {
            idle.append(connection)
        } else {
            open -= 1
        }
        condition.signal()
        condition.unlock()
    }
}
