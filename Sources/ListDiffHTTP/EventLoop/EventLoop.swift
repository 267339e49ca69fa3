import CListDiffEpoll
import ListDiffThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread's readiness loop: the shared listener (see ``SharedListener``), its
/// connections, its timers. Level-triggered; write interest is registered only while output is pending.
/// Cheap handlers run inline; heavy ones go to the worker pool and come back via the mailbox.
/// Accepting is in `EventLoop+Accept.swift`, a connection's work in `EventLoop+Connections.swift`,
/// answers given later in `EventLoop+Deferred.swift`.
final class EventLoop: @unchecked Sendable {
    // Sendable argument: an EventLoop is built on the starting thread and then used only by
    // the one thread that runs `run()`; other threads touch only `mailbox`, which locks.
    let mailbox: LoopMailbox
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let workers: JobThreads
    let log: ServerLog
    let poller: Int32
    /// Open connections, server-wide, against ``HTTPLimits/maxConnections``.
    let budget: SharedBudget
    /// Buffered request-body bytes, server-wide, against ``HTTPLimits/maxBufferedBodyBytes``.
    let bodies: SharedBudget
    /// Open streamed responses, server-wide, against ``HTTPLimits/maxStreams``.
    let streams: SharedBudget
    /// Unsent response bytes, server-wide, against ``HTTPLimits/maxBufferedResponseBytes``.
    let responses: ResponseBudget
    let timeouts: LoopTimeouts
    let statistics = LoopStatistics()
    /// Stop reading more requests from a connection while this much output is queued.
    static let outputHighWater = 1 << 20
    /// A connection awaiting a deferred response is still read (to notice the client leaving)
    /// until this much pipelined input is buffered.
    static let waitingInputLimit = 64 * 1024
    static let eventCapacity = 256
    /// The timers' grid (ns): timers due within it share one wake-up. Fine enough that the
    /// heartbeats due together hold a write up for a fraction of a millisecond; a much coarser
    /// grid batched hundreds of them in front of a write (docs/benchmarks.md, "Event streams,
    /// one instance").
    static let timerGrid: UInt64 = 10_000_000
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

    var acceptor: LoopAcceptor
    /// Indexed by descriptor; nil where none is open.
    var connections: [Connection?] = []
    // The properties below marked unchecked are read or changed for every request, only on the
    // loop's thread, in self-contained moves: the runtime's exclusivity check (see
    // ``Connection/state``) would only ever pass.
    @exclusivity(unchecked) var counters = LoopCounters()
    var nextConnectionID: UInt64 = 0
    /// Monotonic nanoseconds, read once per wake-up.
    @exclusivity(unchecked) var now: UInt64 = 0
    var nextTickAt: UInt64 = 0
    /// Streams' heartbeats and connections' timeouts, by deadline: a timer costs nothing until it is due.
    @exclusivity(unchecked) var timers: TimerHeap
    @exclusivity(unchecked) var dateCache = DateHeaderCache()
    @exclusivity(unchecked) var accessLog: AccessLog
    /// Set when shutdown begins: every connection is closed by then (monotonic ns). Read for
    /// every response, only ever on the loop's thread, so without the runtime's exclusivity
    /// check (see ``Connection/state``).
    @exclusivity(unchecked) var drainDeadline: UInt64?
    /// Where a heartbeat is framed before its `send` (`sendHeartbeat`), reused.
    var heartbeatFrame: [UInt8] = []
    let events: UnsafeMutablePointer<cld_event>
    let scratch: UnsafeMutableRawPointer

    init(
        listener: SharedListener, budget: SharedBudget, bodies: SharedBudget, streams: SharedBudget,
        responses: ResponseBudget, configuration: HTTPServerConfiguration, responder: any HTTPResponder,
        workers: JobThreads
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
        self.configuration = configuration
        self.responder = responder
        self.workers = workers
        log = ServerLog(level: configuration.logLevel)
        accessLog = AccessLog(level: configuration.logLevel)
        self.budget = budget
        self.bodies = bodies
        self.streams = streams
        self.responses = responses
        timeouts = LoopTimeouts(configuration.timeouts)
        timers = TimerHeap(granularity: min(timeouts.tick, Self.timerGrid))
        events = .allocate(capacity: Self.eventCapacity)
        scratch = .allocate(byteCount: Self.scratchSize, alignment: 16)
        cld_poller_add(poller, mailbox.readFD, UInt32(CLD_READABLE), Self.mailboxToken)
        acceptor = LoopAcceptor(listener: listener, poller: poller, token: Self.listenerToken)
    }

    deinit {
        events.deallocate()
        scratch.deallocate()
    }

    /// Shutdown has begun: no new connections, each open one closed once answered.
    var draining: Bool { drainDeadline != nil }

    /// Runs until shutdown has drained every connection. Call on the loop's own thread.
    func run() {
        now = MonotonicClock.now()
        nextTickAt = timers.slot(for: now + timeouts.tick)
        while !(draining && counters.open == 0) {
            dateCache.refresh()
            let wakeAt = min(nextTickAt, timers.nextDeadline ?? .max)
            let waitMilliseconds = wakeAt > now ? (wakeAt - now) / 1_000_000 + 1 : 0
            let count = cld_poller_wait(poller, events, Int32(Self.eventCapacity), Int32(clamping: waitMilliseconds))
            now = MonotonicClock.now()
            if count < 0 && errno != EINTR {
                log.log(.error, "poller wait failed: errno \(errno)")
            }
            for index in 0..<max(0, Int(count)) {
                handle(events[index])
            }
            while let due = timers.popDue(now: now) {
                switch due.kind {
                case .heartbeat: fireHeartbeat(due)
                case .streamTimeLimit: fireStreamTimeLimit(due)
                case .deadline: fireDeadline(due)
                }
            }
            if now >= nextTickAt {
                tick()
                // On the timers' grid, so the tick shares their wake-ups.
                nextTickAt = timers.slot(for: now + timeouts.tick)
            }
            accessLog.flush()
        }
        tearDown()
    }

    private func handle(_ event: cld_event) {
        let fd = Int32(truncatingIfNeeded: event.token)
        if event.token == Self.listenerToken {
            if acceptor.isListening { acceptConnections() }
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
                switch deferred.bind(mailbox: mailbox, fd: fd, connectionID: connectionID) {
                case .response(let response)?: answerAwaited(connection, with: response)
                case .stream(let stream)?: streamAwaited(connection, stream)
                case nil: startWaiting(for: deferred, answering: request, on: connection)
                }
            case .handlerStreamed(let fd, let connectionID, let stream):
                guard let connection = awaiting(fd, connectionID) else {
                    stream.end(.clientGone)
                    continue
                }
                streamAwaited(connection, stream)
            case .streamOutput(let fd, let connectionID):
                guard Int(fd) < connections.count, let connection = connections[Int(fd)], connection.id == connectionID,
                    case .streaming(let streaming) = connection.state
                else { continue }
                pumpStream(connection, streaming)
            case .beginShutdown(let deadline):
                beginDraining(deadline: deadline)
            case .responseBudgetPressure:
                closeStalledReaders()
            }
        }
    }

    private func beginDraining(deadline: UInt64) {
        guard !draining else { return }
        drainDeadline = deadline
        acceptor.release()
        forEachConnection { connection in
            if connection.isIdle {
                closeConnection(connection)
            } else if case .awaiting(_, .deferred(let deferred, _)) = connection.state {
                // One its application answers at its timeout is handed over now, within the grace.
                if let backstop = deferred.handOffAtTimeout() {
                    let backstopAt = now &+ MonotonicClock.nanoseconds(backstop)
                    connection.state.deferredHandedOff(deadline: min(backstopAt, deadline))
                    updateInterest(connection)
                } else if let response = deferred.expire() {
                    answerAwaited(connection, with: response)
                }
            } else if case .streaming(let streaming) = connection.state {
                sayFarewell(connection, streaming)
                flush(connection)
                if !connection.isClosed { updateInterest(connection) }
            }
        }
    }

    /// The shutdown deadline, a paused listener, the statistics; once per tick. O(1): each
    /// connection's timeouts are on the timer heap (`EventLoop+Deadlines.swift`); only past the
    /// limit of unsent response bytes does it walk the connections for stalled readers.
    private func tick() {
        if let drainDeadline, now >= drainDeadline {
            forEachConnection { closeConnection($0, ending: .shutdown) }
        }
        if case .paused(let until) = acceptor.hold, now >= until { acceptor.resume(token: Self.listenerToken) }
        if responses.isPastLimit { closeStalledReaders() }
        counters.settleRequests()
        statistics.publish(counters.statistics())
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
        forEachConnection { closeConnection($0, ending: .shutdown) }
        acceptor.release()
        acceptor.closeReserve()
        close(poller)
        mailbox.close()
        accessLog.flush()
    }
}
