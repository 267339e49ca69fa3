/// The bookkeeping every answer's head shares, whichever way it is queued: a whole response
/// (``finish(_:_:_:discardLimit:)``), a stream's head, or a stream's head alone for HEAD.
extension EventLoop {
    /// Before the head is queued: the request's body goes back to the loop's budget, and a queue
    /// that was empty times its write progress from now.
    func prepareAnswer(on connection: Connection) {
        releaseBody(of: connection)
        if connection.outbound.isEmpty { connection.writeProgress.restart(now: now) }
    }

    /// After the head is queued: the answer counted, its time recorded in the metrics, and the
    /// request logged with `bytesOut` (nil for a stream's head: it is logged when it ends).
    func recordAnswer(_ request: InFlightRequest, status: Int, on connection: Connection, bytesOut: Int?) {
        connection.responsesQueued += 1
        let elapsed = (MonotonicClock.now() &- request.startedAt) / 1000
        counters.recordRequest(
            route: request.route, method: request.method, status: status, seconds: Double(elapsed) / 1e6)
        if let bytesOut { logRequest(request, status: status, bytesOut: bytesOut, microseconds: elapsed) }
    }

    /// One access-log line, when the log is on; `end` says how a stream ended.
    func logRequest(_ request: InFlightRequest, status: Int, bytesOut: Int, microseconds: UInt64, end: String? = nil) {
        guard accessLog.enabled else { return }
        accessLog.record(
            timestamp: dateCache.timestamp, method: request.method, route: request.route, status: status,
            bytesIn: request.bytesIn, bytesOut: bytesOut, microseconds: microseconds, end: end)
    }
}
