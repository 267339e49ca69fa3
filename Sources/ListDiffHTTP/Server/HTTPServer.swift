import Dispatch
import Foundation
import ListDiffThreads

/// The HTTP/1.1 server: binds, runs one event loop per configured thread and a worker pool
/// for heavy handlers, and shuts down gracefully.
///
/// ```swift
/// let server = HTTPServer(configuration: config, responder: router)
/// try server.start()          // port 0 → server.port is the ephemeral port
/// server.shutdown()           // from any thread, e.g. a signal handler
/// server.waitUntilStopped()
/// ```
public final class HTTPServer: @unchecked Sendable {
    // Sendable argument: every mutable property is read and written only while holding
    // `lock`; the event loops run on their own threads and are reached through mailboxes.
    public let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let lock = NSLock()
    private var loops: [EventLoop] = []
    private var workers: JobThreads?
    private var memoryReturn: IdleMemoryReturn?
    private var bodies: SharedBudget?
    private var responses: ResponseBudget?
    private var boundPort = 0
    private var started = false
    private var stopping = false
    private var signalSources: [any DispatchSourceSignal] = []
    private let running = DispatchGroup()

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// The port actually bound (the ephemeral one if the configuration said 0); 0 before start.
    public var port: Int { lock.withLock { boundPort } }

    /// Whether the server should get new traffic: started and not shutting down. What a
    /// readiness probe (`/readyz`) reports, so a balancer stops sending before the drain.
    public var isReady: Bool { lock.withLock { started && !stopping } }

    /// What the transport is doing now, summed over the event loops (each publishes its part
    /// once per tick, so figures lag by at most a tick).
    public func statistics() -> HTTPServerStatistics {
        let (loops, workers, bodies, responses) = lock.withLock {
            (self.loops, self.workers, self.bodies, self.responses)
        }
        var total = loops.reduce(HTTPServerStatistics()) { $0 + $1.statistics.latest }
        total.queuedJobs = workers?.queuedCount ?? 0
        total.bufferedBodyBytes = bodies?.heldAmount ?? 0
        total.bufferedResponseBytes = responses?.heldAmount ?? 0
        return total
    }

    /// Binds every loop's listener and starts the threads; returns once accepting.
    /// Ignores SIGPIPE process-wide (sends also use MSG_NOSIGNAL).
    public func start() throws(HTTPServerError) {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { throw HTTPServerError.alreadyStarted }
        signal(SIGPIPE, SIG_IGN)
        let loopCount = max(1, configuration.eventLoopCount)
        let workers = JobThreads(threadCount: configuration.workerCount, name: "listdiff-worker")
        let opened: (fd: Int32, port: Int)
        do throws(HTTPServerError) {
            opened = try Listener.open(
                host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        } catch {
            workers.stop()
            throw error
        }
        let listener = SharedListener(fd: opened.fd)
        let port = opened.port
        let budget = SharedBudget(limit: max(1, configuration.limits.maxConnections))
        let bodies = SharedBudget(limit: configuration.limits.maxBufferedBodyBytes)
        let streams = SharedBudget(limit: configuration.limits.maxStreams)
        let responses = ResponseBudget(limit: configuration.limits.maxBufferedResponseBytes)
        var created: [EventLoop] = []
        do throws(HTTPServerError) {
            for _ in 0..<loopCount {
                created.append(
                    try EventLoop(
                        listener: listener, budget: budget, bodies: bodies, streams: streams, responses: responses,
                        configuration: configuration, responder: responder, workers: workers))
            }
        } catch {
            for loop in created { loop.closeUnstarted() }
            listener.closeIfUnused()
            workers.stop()
            throw error
        }
        started = true
        boundPort = port
        loops = created
        self.workers = workers
        self.bodies = bodies
        self.responses = responses
        let mailboxes = created.map(\.mailbox)
        responses.onPressure = {
            for mailbox in mailboxes { mailbox.post(.responseBudgetPressure) }
        }
        if configuration.returnsIdleMemory {
            let memoryReturn = IdleMemoryReturn(bodies: bodies) { [created] in
                created.reduce(0) { $0 + $1.statistics.latest.activityCount }
            }
            memoryReturn.start()
            self.memoryReturn = memoryReturn
        }
        for (index, loop) in created.enumerated() {
            running.enter()
            let group = running
            let thread = Thread {
                loop.run()
                group.leave()
            }
            thread.name = "listdiff-loop-\(index)"
            thread.start()
        }
        ServerLog(level: configuration.logLevel).log(
            .info, "listening on \(configuration.host):\(port) with \(loopCount) event loops")
    }

    /// Reports not ready at once (``isReady``), keeps serving for `drainDelay` seconds
    /// (default: the configured drain delay) so that balancers polling readiness stop sending,
    /// then stops accepting, lets in-flight requests finish (their responses carry
    /// `Connection: close`), answers waiting deferred responses, closes idle connections, and
    /// force-closes whatever remains `gracePeriod` seconds later (default: the configured
    /// shutdown grace). Returns immediately.
    public func shutdown(gracePeriod: Double? = nil, drainDelay: Double? = nil) {
        let grace = gracePeriod ?? configuration.timeouts.shutdownGrace
        let delay = max(0, drainDelay ?? configuration.timeouts.drainDelay)
        let alreadyStopping = lock.withLock {
            defer { stopping = true }
            return stopping
        }
        guard !alreadyStopping else { return }
        let begin: @Sendable () -> Void = { [self] in
            let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(grace)
            for loop in lock.withLock({ loops }) { loop.mailbox.post(.beginShutdown(deadline: deadline)) }
        }
        if delay > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: begin)
        } else {
            begin()
        }
    }

    /// Blocks until every event loop has exited, then stops the worker pool.
    public func waitUntilStopped() {
        running.wait()
        let (workers, memoryReturn) = lock.withLock { (self.workers, self.memoryReturn) }
        workers?.stop()
        memoryReturn?.stop()
    }

    /// Starts, shuts down gracefully on SIGTERM or SIGINT, and returns once stopped.
    /// `started` runs once the port is bound (with ``port``), before the first signal can stop it.
    public func runUntilSignalled(started: (_ port: Int) -> Void = { _ in }) throws(HTTPServerError) {
        try start()
        started(port)
        let log = ServerLog(level: configuration.logLevel)
        let sources = [SIGTERM, SIGINT].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                log.log(.info, "signal \(number): shutting down gracefully")
                shutdown()
            }
            source.resume()
            return source
        }
        lock.withLock { signalSources = sources }
        waitUntilStopped()
        ServerLog(level: configuration.logLevel).log(.info, "stopped")
    }
}
