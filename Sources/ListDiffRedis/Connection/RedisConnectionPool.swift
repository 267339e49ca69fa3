import Foundation

/// Pipelined connections to one server (``RedisPipeline``s, read by the ``RedisEventLoop``):
/// a call goes to the open connection with the fewest calls in flight, and another is opened
/// — up to `size` — only when every open one is busy. Connecting happens on a thread of its
/// own, never the caller's or the loop's; calls that come meanwhile wait for it. After a
/// failed connect, new attempts wait out a backoff (0.1 s, doubling to 2 s) and calls
/// meanwhile fail at once with ``RedisError/backingOff(_:)``: a server that is down answers
/// requests quickly, not after a connect timeout each.
public final class RedisConnectionPool: RedisClient, @unchecked Sendable {
    // Sendable argument: `pipelines`, `connecting`, `waiting`, `backoff`, `nextAttemptAt` and
    // `counts` are only touched while holding `lock`.
    public let endpoint: RedisEndpoint
    public let size: Int
    public let connectTimeout: Double
    public let replyTimeout: Double
    private let lock = NSLock()
    private var pipelines: [RedisPipeline] = []
    private var connecting = false
    /// Calls that came while no connection was open and one was being made.
    private var waiting: [(commands: [RESPCommand], deadline: Double, completion: RedisPipeline.Completion)] = []
    private var backoff = 0.0
    private var nextAttemptAt = 0.0
    private var counts = RedisCallStatistics()
    private let observeRoundTrip: @Sendable (Double) -> Void

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
    }

    deinit {
        let open = pipelines
        if case .success(let loop) = RedisEventLoop.shared {
            loop.execute { for pipeline in open { pipeline.close(.closed) } }
        }
    }

    // MARK: Calls

    /// Sends `commands` pipelined on one connection and calls `completion` once with their
    /// replies in order (refusals are `.error` replies), or with why there are none, by
    /// `deadline` (monotonic seconds, ``SystemSocket/now()``; the reply timeout from now when
    /// nil). Replies saying the server serves nothing now (``RedisRefusal/Kind/notServing``)
    /// count as a failed call. `completion` runs on the loop's thread, or on the caller's when
    /// the call fails before it is sent: it must not wait on another call.
    public func submit(
        _ commands: [RESPCommand], deadline: Double? = nil,
        _ completion: @escaping @Sendable (Result<[RESPValue], RedisError>) -> Void
    ) {
        guard !commands.isEmpty else { return completion(.success([])) }
        let started = SystemSocket.now()
        let deadline = min(deadline ?? .infinity, started + replyTimeout)
        let counted: RedisPipeline.Completion = { [self] result in
            observeRoundTrip(SystemSocket.now() - started)
            switch result {
            case .success(let replies): count(failed: !Self.served(replies))
            case .failure: count(failed: true)
            }
            completion(result)
        }
        let loop: RedisEventLoop
        switch RedisEventLoop.shared {
        case .success(let shared): loop = shared
        case .failure(let error): return counted(.failure(error))
        }
        switch route(commands, deadline: deadline, counted, now: started) {
        case .send(let pipeline, let connect):
            if connect { self.connect(on: loop) }
            pipeline.submit(commands, deadline: deadline, counted)
        case .wait(let connect):
            if connect { self.connect(on: loop) }
        case .refuse(let error):
            counted(.failure(error))
        }
    }

    private enum Route {
        /// On this connection; whether this call also starts opening another (all are busy).
        case send(RedisPipeline, connect: Bool)
        /// Queued until a connection is open; whether this call starts opening it.
        case wait(connect: Bool)
        case refuse(RedisError)
    }

    private func route(
        _ commands: [RESPCommand], deadline: Double, _ completion: @escaping RedisPipeline.Completion, now: Double
    ) -> Route {
        lock.withLock {
            // One the loop closed a moment ago may not have been forgotten yet.
            pipelines.removeAll { !$0.isOpen }
            let mayConnect = !connecting && pipelines.count < size && now >= nextAttemptAt
            if let least = pipelines.min(by: { $0.callsInFlight < $1.callsInFlight }) {
                let connect = mayConnect && least.callsInFlight > 0
                if connect { connecting = true }
                return .send(least, connect: connect)
            }
            guard connecting || mayConnect else { return .refuse(.backingOff(nextAttemptAt - now)) }
            waiting.append((commands, deadline, completion))
            defer { connecting = true }
            return .wait(connect: !connecting)
        }
    }

    /// Opens one more connection on a thread of its own, then hands it the calls that waited.
    private func connect(on loop: RedisEventLoop) {
        let (endpoint, connectTimeout, replyTimeout) = (endpoint, connectTimeout, replyTimeout)
        Thread.detachNewThread { [self] in
            let result = Result { () throws(RedisError) in
                try RedisConnection(endpoint: endpoint, connectTimeout: connectTimeout, replyTimeout: replyTimeout)
            }
            switch result {
            case .success(let connection):
                let pipeline = RedisPipeline(adopting: connection, loop: loop, replyTimeout: replyTimeout) {
                    [weak self] closed in self?.forget(closed)
                }
                let queued = lock.withLock {
                    backoff = 0
                    connecting = false
                    pipelines.append(pipeline)
                    defer { waiting = [] }
                    return waiting
                }
                for call in queued { pipeline.submit(call.commands, deadline: call.deadline, call.completion) }
            case .failure(let error):
                let queued = lock.withLock {
                    connecting = false
                    backoff = backoff == 0 ? 0.1 : min(2, backoff * 2)
                    nextAttemptAt = SystemSocket.now() + backoff
                    defer { waiting = [] }
                    return waiting
                }
                for call in queued { call.completion(.failure(error)) }
            }
        }
    }

    private func forget(_ pipeline: RedisPipeline) {
        lock.withLock { pipelines.removeAll { $0 === pipeline } }
    }

    /// Sends `commands` and waits for their replies (see ``submit(_:deadline:_:)``), at most
    /// the reply timeout or what is left of the call's ``StoreCallDeadline``. Never on the
    /// loop's thread, which alone could deliver them.
    public func send(_ commands: [RESPCommand]) throws(RedisError) -> [RESPValue] {
        assert(!RedisEventLoop.isCurrent, "a blocking Redis call on the thread that reads its replies")
        let timeout = RedisConnection.bounded(replyTimeout)
        // Past the call's deadline: no round trip, so none is counted.
        guard timeout > 0 else { throw .timedOut(0) }
        let reply = ReplyWait()
        submit(commands, deadline: SystemSocket.now() + timeout) { reply.fulfil($0) }
        return try reply.wait(seconds: timeout + Self.wakeSlack, timeout: timeout).get()
    }

    /// How long past its deadline a waiting caller gives the loop to wake it with the answer.
    static let wakeSlack = 0.02

    /// One server holds every key: `key` is not needed.
    public func send(_ commands: [RESPCommand], routedBy key: String) throws(RedisError) -> [RESPValue] {
        try send(commands)
    }

    /// Sends one command; a refusal throws ``RedisError/server(_:)``.
    public func call(_ command: RESPCommand) throws(RedisError) -> RESPValue {
        let reply = try send([command])[0]
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }

    /// Whether no reply says the server serves nothing now.
    static func served(_ replies: [RESPValue]) -> Bool {
        !replies.contains { $0.refusal?.kind == .notServing }
    }

    // MARK: Statistics

    public var statistics: RedisCallStatistics {
        lock.withLock { counts }
    }

    private func count(failed: Bool) {
        lock.withLock {
            counts.roundTrips += 1
            if failed { counts.failures += 1 } else { counts.served = true }
            counts.lastFailed = failed
            counts.lastCallAt = SystemSocket.now()
        }
    }

    public var subscriptionEndpoints: [RedisEndpoint] { [endpoint] }

    public func probe() {
        _ = try? call(RESPCommand("PING"))
    }
}
