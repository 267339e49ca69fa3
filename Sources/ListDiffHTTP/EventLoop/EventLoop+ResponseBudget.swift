/// The server's limit of unsent response bytes (``ResponseBudget``) on an event loop: a large
/// answer that does not fit is refused 503 with `Retry-After`, a stream's event that does not
/// fit closes its stream as a slow reader, and either tells every loop to close the readers
/// that stopped reading, so the room comes back; so does each tick while copied bytes (which
/// are never refused) hold more than the limit.
extension EventLoop {
    /// Under pressure, a connection whose queued output made no progress for this long (ns)
    /// is closed: a reader that reads at all takes bytes far more often.
    static let stalledReaderNanoseconds: UInt64 = 1_000_000_000

    /// Holds a large `body` in the server's budget before it is queued; false (counted, and
    /// the loops told to close their stalled readers) if it does not fit.
    func holdResponseBody(_ body: [UInt8]) -> Bool {
        guard responses.hold(body) else {
            responses.signalPressure()
            return false
        }
        return true
    }

    /// The 503 for an answer the server has no room to queue now: like the request side's
    /// (``bufferLimitResponse()``), on a connection that stays open.
    func responseBudgetRefusal(closesConnection: Bool) -> HTTPResponse {
        counters.responseBudgetRefusals += 1
        var response = HTTPProblem(
            status: 503,
            detail:
                "the server holds its limit of \(responses.limit) bytes of responses not yet read by their clients; retry later"
        ).response(closesConnection: closesConnection)
        response.headers.append(name: "Retry-After", value: Self.retryAfterSeconds)
        return response
    }

    /// Closes this loop's connections whose output has waited without progress for
    /// ``stalledReaderNanoseconds``: the server is at its limit of unsent response bytes and
    /// they hold them. A stream's client resumes by `Last-Event-ID`. O(connections), only
    /// when the budget is full.
    func closeStalledReaders() {
        forEachConnection { connection in
            guard !connection.outbound.isEmpty, !connection.state.isLingering,
                now &- connection.writeProgress.lastProgressAt >= Self.stalledReaderNanoseconds
            else { return }
            counters.responseBudgetCloses += 1
            closeConnection(connection, ending: .slowReader)
        }
    }
}
