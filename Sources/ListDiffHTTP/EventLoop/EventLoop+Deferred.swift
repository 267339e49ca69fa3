/// Requests answered later than their handler returned: heavy handlers' results and deferred
/// responses, matched to their connection by fd and connection identity.
extension EventLoop {
    /// The open connection `fd` if it is still `connectionID` and awaits an answer.
    func awaiting(_ fd: Int32, _ connectionID: UInt64) -> Connection? {
        guard Int(fd) < connections.count, let connection = connections[Int(fd)],
            connection.id == connectionID, connection.inFlight != nil
        else { return nil }
        return connection
    }

    /// Starts waiting for `deferred` on `connection` (whose `inFlight` is set), or answers at
    /// once if the handler already completed it.
    func startWaiting(for deferred: HTTPDeferredResponse, on connection: Connection) {
        if let response = deferred.bind(mailbox: mailbox, fd: connection.fd, connectionID: connection.id) {
            answerAwaited(connection, with: response)
            return
        }
        connection.deferred = deferred
        connection.deferredDeadline = now + MonotonicClock.nanoseconds(deferred.timeout)
        waitingCount += 1
        updateInterest(connection)
    }

    /// Sends the awaited answer, then goes on with any pipelined requests.
    func answerAwaited(_ connection: Connection, with response: HTTPResponse) {
        guard let request = connection.inFlight else { return }
        connection.inFlight = nil
        connection.workerJob = nil
        if connection.deferred != nil {
            connection.deferred = nil
            waitingCount -= 1
        }
        finish(connection, request, response)
        serve(connection)
        if !connection.isClosed { updateInterest(connection) }
    }
}
