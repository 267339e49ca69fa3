/// Time limits of a connection, in seconds (fractions allowed, so tests can use short ones).
///
/// The event loop keeps each connection's next deadline on a timer heap, so a deadline fires
/// within a millisecond or so and a quiet connection costs nothing between its deadlines.
public struct HTTPTimeouts: Sendable, Equatable {
    /// Time from a request's first byte to the end of its head; past it → 408 and close.
    public var headerRead: Double
    /// Longest pause between two reads of a request body; past it → 408 and close.
    public var bodyRead: Double
    /// How long a keep-alive connection may sit without a request before it is closed.
    public var idle: Double
    /// Longest pause in draining a response to a client that does not read; then close.
    public var write: Double
    /// Least average rate, in bytes per second, at which a request body must arrive once
    /// `bodyRead` seconds of it have passed (a body may take `bodyRead` + size ÷ rate seconds
    /// in all); slower → 408 and close, so a trickled body cannot hold a connection for ever.
    public var minBodyRate: Double
    /// Least average rate, in bytes per second, at which a client must read a response once
    /// `write` seconds have passed; slower → close.
    public var minWriteRate: Double
    /// How long a closing connection is drained (after shutting down writing) before close,
    /// so that an error response is not destroyed by a reset.
    public var linger: Double
    /// How long graceful shutdown waits for in-flight requests before closing everything.
    public var shutdownGrace: Double
    /// How long shutdown keeps serving, while `/readyz` already answers 503, before it stops
    /// accepting: time for a balancer's readiness checks to take the server out of rotation.
    public var drainDelay: Double

    public init(
        headerRead: Double = 10,
        bodyRead: Double = 30,
        idle: Double = 60,
        write: Double = 30,
        minBodyRate: Double = 1024,
        minWriteRate: Double = 1024,
        linger: Double = 2,
        shutdownGrace: Double = 10,
        drainDelay: Double = 0
    ) {
        self.headerRead = headerRead
        self.bodyRead = bodyRead
        self.idle = idle
        self.write = write
        self.minBodyRate = minBodyRate
        self.minWriteRate = minWriteRate
        self.linger = linger
        self.shutdownGrace = shutdownGrace
        self.drainDelay = drainDelay
    }

    /// The shortest of the per-connection timeouts; the loop's tick (statistics, the release
    /// of idle buffers) is a fraction of it.
    var shortest: Double { min(headerRead, bodyRead, idle, write, linger) }
}
