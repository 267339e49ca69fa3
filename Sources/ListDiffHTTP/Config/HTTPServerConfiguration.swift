#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the transport needs to run: where to listen, how many threads, limits,
/// timeouts and logging. A plain value; the executable fills it from flags and environment.
public struct HTTPServerConfiguration: Sendable, Equatable {
    /// Host name or address literal to bind (`127.0.0.1`, `0.0.0.0`, `::`, `localhost`).
    public var host: String
    /// TCP port; 0 asks the kernel for an ephemeral one, reported by ``HTTPServer/port``.
    public var port: Int
    /// Event-loop threads, sharing one `EPOLLEXCLUSIVE` listener; default one per core.
    public var eventLoopCount: Int
    /// Threads that run handlers declared ``HandlerCost/heavy`` off the event loops.
    public var workerCount: Int
    /// Pending-connection queue length passed to `listen(2)`.
    public var backlog: Int
    public var limits: HTTPLimits
    public var timeouts: HTTPTimeouts
    /// How streams' and long polls' vanished clients are found (``TCPKeepalive``).
    public var peerKeepalive: TCPKeepalive
    public var logLevel: LogLevel
    /// Hand the memory a burst left in the heap back to the system once it has passed
    /// (``IdleMemoryReturn``); process-wide, so one server per process should say so.
    public var returnsIdleMemory: Bool

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        eventLoopCount: Int = HTTPServerConfiguration.coreCount,
        workerCount: Int = HTTPServerConfiguration.coreCount,
        backlog: Int = 1024,
        limits: HTTPLimits = HTTPLimits(),
        timeouts: HTTPTimeouts = HTTPTimeouts(),
        peerKeepalive: TCPKeepalive = TCPKeepalive(),
        logLevel: LogLevel = .info,
        returnsIdleMemory: Bool = true
    ) {
        self.host = host
        self.port = port
        self.eventLoopCount = eventLoopCount
        self.workerCount = workerCount
        self.backlog = backlog
        self.limits = limits
        self.timeouts = timeouts
        self.peerKeepalive = peerKeepalive
        self.logLevel = logLevel
        self.returnsIdleMemory = returnsIdleMemory
    }

    /// Online processors, at least 1.
    public static var coreCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
