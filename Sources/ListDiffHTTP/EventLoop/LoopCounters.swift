/// What an event loop counts for ``HTTPServerStatistics``: its connections and its requests.
struct LoopCounters {
    /// Connections registered with the loop now.
    private(set) var open = 0
    private(set) var accepted = 0
    /// Connections answered 503 on accept (at the connection limit, out of descriptors).
    private(set) var rejected = 0
    /// Connections awaiting a deferred response now.
    private(set) var waiting = 0
    /// Streamed responses open now, and totals since start: pieces sent (heartbeats and
    /// farewells not counted), streams closed as slow readers, streams refused at the limit.
    private(set) var streams = 0
    var streamedChunks = 0
    var streamSlowReaderCloses = 0
    var refusedStreams = 0
    /// Totals since start of the unsent-response limit's work: large answers refused 503,
    /// connections closed (streams whose event did not fit, stalled readers under pressure).
    var responseBudgetRefusals = 0
    var responseBudgetCloses = 0
    /// Input and output storage held by the open connections, as of the loop's last work on each.
    var bufferBytes = 0
    private(set) var requests = RequestMetrics()
    /// The latest answered requests of one kind, not yet in ``requests``.
    private var run = RequestRun()

    /// Counts one answered request (see ``RequestRun``). O(buckets).
    mutating func recordRequest(route: String, method: String, status: Int, seconds: Double) {
        run.record(route: route, method: method, status: status, seconds: seconds, settlingInto: &requests)
    }

    /// Adds the requests counted apart to ``requests``: before the statistics are published.
    mutating func settleRequests() {
        run.settle(into: &requests)
    }

    mutating func connectionAccepted() {
        accepted += 1
    }

    mutating func connectionRejected() {
        rejected += 1
    }

    mutating func connectionOpened() {
        open += 1
    }

    mutating func connectionClosed() {
        precondition(open > 0, "event loop: closed more connections than it opened")
        open -= 1
    }

    mutating func waitStarted() {
        waiting += 1
    }

    mutating func waitEnded() {
        precondition(waiting > 0, "event loop: ended more waits than it started")
        waiting -= 1
    }

    mutating func streamOpened() {
        streams += 1
    }

    mutating func streamClosed() {
        precondition(streams > 0, "event loop: ended more streams than it opened")
        streams -= 1
    }

    /// The statistics to publish.
    func statistics() -> HTTPServerStatistics {
        var published = HTTPServerStatistics()
        published.bufferBytes = bufferBytes
        published.openConnections = open
        published.acceptedConnections = accepted
        published.rejectedConnections = rejected
        published.waitingResponses = waiting
        published.openStreams = streams
        published.streamedChunks = streamedChunks
        published.streamSlowReaderCloses = streamSlowReaderCloses
        published.refusedStreams = refusedStreams
        published.responseBudgetRefusals = responseBudgetRefusals
        published.responseBudgetCloses = responseBudgetCloses
        published.requests = requests
        return published
    }
}
