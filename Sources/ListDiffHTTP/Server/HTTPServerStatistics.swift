/// A snapshot of what the transport is doing, summed over its event loops. Each loop
/// publishes its part once per timer tick (at most a quarter of a second old).
public struct HTTPServerStatistics: Sendable, Equatable {
    /// Client connections open now.
    public var openConnections = 0
    /// Connections accepted since start.
    public var acceptedConnections = 0
    /// Connections answered 503 and closed at accept (connection limit, no descriptors).
    public var rejectedConnections = 0
    /// Requests waiting for a deferred response.
    public var waitingResponses = 0
    /// Receive and output buffer storage held by open connections, in bytes.
    public var bufferBytes = 0
    /// Heavy jobs waiting for a worker thread.
    public var queuedJobs = 0
    /// Request-body bytes held now against ``HTTPLimits/maxBufferedBodyBytes``.
    public var bufferedBodyBytes = 0
    /// Response bytes queued and not yet sent now, against ``HTTPLimits/maxBufferedResponseBytes``
    /// (a body shared by many connections counted once).
    public var bufferedResponseBytes = 0
    /// Large answers refused 503 since start because they did not fit
    /// ``HTTPLimits/maxBufferedResponseBytes``.
    public var responseBudgetRefusals = 0
    /// Connections closed since start to keep within ``HTTPLimits/maxBufferedResponseBytes``:
    /// streams whose next event did not fit, and readers that had stopped reading.
    public var responseBudgetCloses = 0
    /// Streamed responses (``HTTPResponseStream``) open now.
    public var openStreams = 0
    /// Pieces given to streams' `send` and queued for their sockets since start.
    public var streamedChunks = 0
    /// Streams closed since start because their reader was too slow (buffer or write rate).
    public var streamSlowReaderCloses = 0
    /// Streams answered 503 since start because ``HTTPLimits/maxStreams`` were open.
    public var refusedStreams = 0
    /// Requests answered since start, by route, method and status, with latencies.
    public var requests = RequestMetrics()

    public init() {}

    /// Grows whenever the transport works: connections accepted, requests answered, stream
    /// pieces sent.
    var activityCount: Int {
        acceptedConnections + streamedChunks + requests.counts.values.reduce(0, +)
    }

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.openConnections += rhs.openConnections
        sum.acceptedConnections += rhs.acceptedConnections
        sum.rejectedConnections += rhs.rejectedConnections
        sum.waitingResponses += rhs.waitingResponses
        sum.bufferBytes += rhs.bufferBytes
        sum.queuedJobs += rhs.queuedJobs
        sum.openStreams += rhs.openStreams
        sum.streamedChunks += rhs.streamedChunks
        sum.streamSlowReaderCloses += rhs.streamSlowReaderCloses
        sum.refusedStreams += rhs.refusedStreams
        sum.responseBudgetRefusals += rhs.responseBudgetRefusals
        sum.responseBudgetCloses += rhs.responseBudgetCloses
        sum.requests = sum.requests + rhs.requests
        return sum
    }
}
