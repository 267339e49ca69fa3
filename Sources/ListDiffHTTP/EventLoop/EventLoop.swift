import CListDiffEpoll

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread's readiness loop: the shared listener (see ``SharedListener``), its
/// connections, its timers. Level-triggered; write interest is registered only while output is pending.
/// Cheap handlers run inline; heavy ones go to the worker pool and come back via the mailbox.
final class EventLoop: @unchecked Sendable {
    // Sendable argument: an EventLoop is built on the starting thread and then used only by
    // the one thread that runs `run()`; other threads touch only `mailbox`, which locks.
    let mailbox: LoopMailbox
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let workers: WorkerPool
    let log: ServerLog
    let poller: Int32
    let budget: SharedBudget
    let bodies: SharedBudget
    let tickInterval: UInt64
    let headerTimeout: UInt64
    let bodyTimeout: UInt64
    let idleTimeout: UInt64
    let writeTimeout: UInt64
    let lingerTimeout: UInt64
    /// How slowly a request body may arrive, and a response be read, in all.
    let bodyRate: MinimumRate
    let writeRate: MinimumRate
    let statistics = LoopStatistics()
    /// Stop reading more requests from a connection while this much output is queued.
    static let outputHighWater = 1 << 20
    /// A connection awaiting a deferred response is still read (to notice the client leaving)
    /// until this much pipelined input is buffered.
    static let waitingInputLimit = 64 * 1024
    static let eventCapacity = 256
    static let scratchSize = 16 * 1024
    /// What a 503 asks a client to wait before retrying: the server is at a limit that frees
    /// up as requests finish.
    static let retryAfterSeconds = "1"
    /// Least a lingering close discards (``discardAllowance(declaredBodyBytes:)``).
    static let minimumDiscardBytes = 1 << 20
    /// A body of at most this many bytes that arrived whole with its head is neither checked
    /// on its head nor counted against the buffering limit: it is already in the receive
    /// buffer, and its handler checks what the head check would have.
    static let uncountedBodyBytes = 16 * 1024
    /// A chunked body is counted against the buffering limit in steps of this many bytes.
    static let chunkedBodyCountStep = 256 * 1024
    /// Idle keep-alive connections closed per descriptor-exhaustion event.
    static let reclaimBatch = 16
    /// Poller tokens of the listener and the mailbox; a connection's token has its id (≥ 1)
    /// in the high half, so it never equals these.
    static let listenerToken = UInt64.max
    static let mailboxToken = UInt64.max - 1

    let listener: SharedListener
    /// The listener is registered with this loop's poller (not paused, not draining).
    var listening = true
    /// This loop still holds the listener (until it drains or tears down).
    var holdsListener = true
    var connections: [Connection?] = []
    var openCount = 0
    var acceptedCount = 0
    var rejectedCount = 0
    var waitingCount = 0
    var requestMetrics = RequestMetrics()
    var nextConnectionID: UInt64 = 0
    var now: UInt64 = 0
    var nextTickAt: UInt64 = 0
    var dateCache = DateHeaderCache()
    var accessLog: AccessLog
    var acceptingPaused = false
    var resumeAcceptingAt: UInt64 = 0
    var reserveFD: Int32
    var draining = false
    var drainDeadline: UInt64 = 0
    let events: UnsafeMutablePointer<cld_event>
    let scratch: UnsafeMutableRawPointer

    init(
        listener: SharedListener, budget: SharedBudget, bodies: SharedBudget, configuration: HTTPServerConfiguration,
        responder: any HTTPResponder, workers: WorkerPool
    ) throws(HTTPServerError) {
        let poller = cld_poller_create()
        guard poller >= 0 else { throw HTTPServerError.systemCall("epoll_create1", errno) }
        let mailbox: LoopMailbox
        do {
            mailbox = try LoopMailbox()
        } catch {
            close(poller)
            throw error
        }
        self.poller = poller
        self.mailbox = mailbox
        self.listener = listener
        self.configuration = configuration
        self.responder = responder
        self.workers = workers
        log = ServerLog(level: configuration.logLevel)
        accessLog = AccessLog(level: configuration.logLevel)
        self.budget = budget
        self.bodies = bodies
        let timeouts = configuration.timeouts
        tickInterval = min(max(MonotonicClock.nanoseconds(timeouts.shortest / 4), 5_000_000), 250_000_000)
        headerTimeout = MonotonicClock.nanoseconds(timeouts.headerRead)
        bodyTimeout = MonotonicClock.nanoseconds(timeouts.bodyRead)
        idleTimeout = MonotonicClock.nanoseconds(timeouts.idle)
        writeTimeout = MonotonicClock.nanoseconds(timeouts.write)
        lingerTimeout = MonotonicClock.nanoseconds(timeouts.linger)
        bodyRate = MinimumRate(grace: bodyTimeout, bytesPerSecond: timeouts.minBodyRate)
        writeRate = MinimumRate(grace: writeTimeout, bytesPerSecond: timeouts.minWriteRate)
        reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        events = .allocate(capacity: Self.eventCapacity)
        scratch = .allocate(byteCount: Self.scratchSize, alignment: 16)
        cld_poller_add(poller, mailbox.readFD, UInt32(CLD_READABLE), Self.mailboxToken)
        cld_poller_add_shared_listener(poller, listener.fd, Self.listenerToken)
        listener.retain()
    }

    deinit {
        events.deallocate()
        scratch.deallocate()
    }

    /// Runs until shutdown has drained every connection. Call on the loop's own thread.
    func run() {
        now = MonotonicClock.now()
        nextTickAt = now + tickInterval
        while !(draining && openCount == 0) {
            dateCache.refresh()
            let waitMilliseconds = nextTickAt > now ? (nextTickAt - now) / 1_000_000 + 1 : 0
            let count = cld_poller_wait(poller, events, Int32(Self.eventCapacity), Int32(clamping: waitMilliseconds))
            now = MonotonicClock.now()
            if count < 0 && errno != EINTR {
                log.log(.error, "poller wait failed: errno \(errno)")
            }
            for index in 0..<max(0, Int(count)) {
                handle(events[index])
            }
            if now >= nextTickAt {
                checkTimers()
                nextTickAt = now + tickInterval
            }
            accessLog.flush()
        }
        tearDown()
    }

    private func handle(_ event: cld_event) {
        let fd = Int32(truncatingIfNeeded: event.token)
        if event.token == Self.listenerToken {
            if listening { acceptConnections() }
        } else if event.token == Self.mailboxToken {
            drainMailbox()
        } else if fd >= 0, Int(fd) < connections.count, let connection = connections[Int(fd)],
            connection.pollToken == event.token
        {
            if event.events & UInt32(CLD_HANGUP | CLD_ERROR) != 0 {
                closeConnection(connection)
                return
            }
            if event.events & UInt32(CLD_WRITABLE) != 0 { serve(connection) }
            if !connection.isClosed, event.events & UInt32(CLD_READABLE) != 0 { readAvailable(connection) }
            if !connection.isClosed { updateInterest(connection) }
        }
    }

    private func acceptConnections() {
        for _ in 0..<64 where !draining && !acceptingPaused {
            let fd = cld_accept(listener.fd)
            guard fd >= 0 else {
                let code = errno
                switch code {
                case EAGAIN, EWOULDBLOCK: return
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    handleDescriptorExhaustion(code)
                    return
                default:
                    log.log(.warning, "accept failed: errno \(code)")
                    return
                }
            }
            guard budget.take() else {
                refuse(fd, detail: "the server is at its limit of \(budget.limit) connections; retry later")
                continue
            }
            cld_configure_accepted(fd)
            acceptedCount += 1
            register(fd)
        }
    }

    private func register(_ fd: Int32) {
        if Int(fd) >= connections.count {
            connections.append(
                contentsOf: repeatElement(nil, count: max(Int(fd) + 1, connections.count * 2) - connections.count))
        }
        precondition(connections[Int(fd)] == nil, "event loop: descriptor \(fd) accepted while still registered")
        nextConnectionID += 1
        let connection = Connection(fd: fd, id: nextConnectionID, limits: configuration.limits, now: now)
        guard cld_poller_add(poller, fd, UInt32(CLD_READABLE), connection.pollToken) == 0 else {
            close(fd)
            budget.giveBack()
            return
        }
        connection.interest = UInt32(CLD_READABLE)
        connections[Int(fd)] = connection
        openCount += 1
    }

    /// Out of descriptors. First reclaim idle keep-alive connections (as nginx does: closing
    /// them between requests is always allowed, and their clients simply reconnect), so new
    /// clients get served. With none to reclaim, free the reserve descriptor to answer waiting
    /// clients with 503 rather than leave them hanging, then stop polling the listener
    /// briefly (or until a connection closes).
    private func handleDescriptorExhaustion(_ code: Int32) {
        var reclaimed = 0
        forEachConnection { connection in
            if reclaimed < Self.reclaimBatch && connection.isIdle && connection.responsesQueued > 0 {
                closeConnection(connection)
                reclaimed += 1
            }
        }
        if reserveFD < 0 { reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        log.log(
            .warning, "accept: out of file descriptors (errno \(code)); closed \(reclaimed) idle keep-alive connections"
        )
        guard reclaimed == 0 else { return }
        if reserveFD >= 0 {
            close(reserveFD)
            reserveFD = -1
            for _ in 0..<64 {
                let fd = cld_accept(listener.fd)
                guard fd >= 0 else { break }
                refuse(fd, detail: "the server is out of file descriptors; retry later")
            }
            reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        pauseAccepting(for: 50_000_000)
    }

    /// Answers a just-accepted socket with a 503 problem and closes it.
    private func refuse(_ fd: Int32, detail: String) {
        _ = read(fd, scratch, Self.scratchSize)
        var bytes: [UInt8] = []
        var response = HTTPProblem(status: 503, detail: detail).response(closesConnection: true)
        response.headers.append(name: "Retry-After", value: Self.retryAfterSeconds)
        _ = ResponseSerializer.appendHead(
            of: response, to: &bytes, requestIsHead: false, keepAlive: false, clientIsHTTP10: false,
            dateLine: dateCache.line)
        bytes.append(contentsOf: response.body)
        _ = bytes.withUnsafeBytes { cld_send(fd, $0.baseAddress, $0.count) }
        shutdown(fd, Int32(SHUT_WR))
        close(fd)
        rejectedCount += 1
        requestMetrics.record(route: "-", method: "-", status: 503, seconds: 0)
        accessLog.record(
            timestamp: dateCache.timestamp, method: "-", route: "-", status: 503, bytesIn: 0, bytesOut: bytes.count,
            microseconds: 0)
    }

    private func pauseAccepting(for nanoseconds: UInt64) {
        guard !acceptingPaused, listening else { return }
        stopListening()
        acceptingPaused = true
        resumeAcceptingAt = now + nanoseconds
    }

    func resumeAccepting() {
        guard acceptingPaused, holdsListener, !draining else { return }
        cld_poller_add_shared_listener(poller, listener.fd, Self.listenerToken)
        listening = true
        acceptingPaused = false
    }

    private func drainMailbox() {
        for message in mailbox.takeAll() {
            switch message {
            case .handlerFinished(let fd, let connectionID, let response):
                guard let connection = awaiting(fd, connectionID) else { continue }
                answerAwaited(connection, with: response)
            case .handlerDeferred(let fd, let connectionID, let deferred):
                guard let connection = awaiting(fd, connectionID),
                    case .awaiting(let request, .worker) = connection.state
                else {
                    deferred.cancel()
                    continue
                }
                if let response = deferred.bind(mailbox: mailbox, fd: fd, connectionID: connectionID) {
                    answerAwaited(connection, with: response)
                } else {
                    startWaiting(for: deferred, answering: request, on: connection)
                }
            case .beginShutdown(let deadline):
                beginDraining(deadline: deadline)
            }
        }
    }

    private func beginDraining(deadline: UInt64) {
        guard !draining else { return }
        draining = true
        drainDeadline = deadline
        releaseListener()
        forEachConnection { connection in
            if connection.isIdle {
                closeConnection(connection)
            } else if case .awaiting(_, .deferred(let deferred, _)) = connection.state, let response = deferred.expire()
            {
                answerAwaited(connection, with: response)
            }
        }
    }

    /// Applies every timeout, hands idle connections' buffers back and publishes the
    /// statistics; runs once per tick. O(highest fd).
    private func checkTimers() {
        var published = HTTPServerStatistics()
        forEachConnection { connection in
            checkDeadlines(connection)
            guard !connection.isClosed else { return }
            if connection.input.isEmpty && connection.outbound.isEmpty && !connection.state.isLingering {
                connection.input.release()
                connection.outbound.releaseSpare()
            }
            published.bufferBytes += connection.input.capacity + connection.outbound.storageBytes
        }
        if draining && now >= drainDeadline {
            forEachConnection { closeConnection($0) }
        }
        if acceptingPaused && now >= resumeAcceptingAt { resumeAccepting() }
        published.openConnections = openCount
        published.acceptedConnections = acceptedCount
        published.rejectedConnections = rejectedCount
        published.waitingResponses = waitingCount
        published.requests = requestMetrics
        statistics.publish(published)
    }

    private func stopListening() {
        guard listening else { return }
        cld_poller_remove(poller, listener.fd, UInt32(CLD_READABLE))
        listening = false
    }

    /// Stops accepting for good and lets go of the shared listener.
    private func releaseListener() {
        stopListening()
        guard holdsListener else { return }
        holdsListener = false
        listener.release()
    }

    func forEachConnection(_ body: (Connection) -> Void) {
        var index = 0
        while index < connections.count {
            if let connection = connections[index] { body(connection) }
            index += 1
        }
    }

    /// Releases the descriptors of a loop whose thread was never started (failed start).
    func closeUnstarted() {
        tearDown()
    }

    private func tearDown() {
        forEachConnection { closeConnection($0) }
        releaseListener()
        if reserveFD >= 0 { close(reserveFD) }
        close(poller)
        mailbox.close()
        accessLog.flush()
    }
}
