/// Requests answered later than their handler returned: heavy handlers' results and deferred
/// responses, matched to their connection by fd and connection identity.
extension EventLoop {
    /// The open connection `fd` if it is still `connectionID` and awaits an answer.
    func awaiting(_ fd: Int32, _ connectionID: UInt64) -> Connection? {
        guard Int(fd) < connections.count, let connection = connections[Int(fd)],
            connection.id == connectionID, connection.state.isAwaiting
        else { return nil }
        return connection
    }

    /// Starts waiting for `deferred`, bound to `connection` and not yet completed, to answer
    /// `request`: from serving (a cheap handler deferred) or from awaiting a worker (a heavy one did).
    func startWaiting(for deferred: HTTPDeferredResponse, answering request: InFlightRequest, on connection: Connection)
    {
        let deadline = now + MonotonicClock.nanoseconds(deferred.timeout)
        switch connection.state {
        case .serving:
            connection.state.startAwaiting(request, .deferred(deferred, deadline: deadline))
        case .awaiting:
            connection.state.workerDeferred(deferred, deadline: deadline)
        case .streaming, .closingAfterWrite, .lingering, .closed:
            preconditionFailure("connection: a deferred answer to wait for while \(connection.state)")
        }
        counters.waitStarted()
        watchPeer(of: connection)
        // A wait is long: the input buffer goes back now unless pipelined bytes are in it.
        connection.input.release()
        updateInterest(connection)
    }

    /// Sends the awaited answer, then goes on with any pipelined requests.
    func answerAwaited(_ connection: Connection, with response: HTTPResponse) {
        guard connection.state.isAwaiting else { return }
        let (request, answer) = connection.state.answerArrived()
        if case .deferred = answer {
            counters.waitEnded()
        }
        finish(connection, request, response)
        serve(connection)
        if !connection.isClosed { updateInterest(connection) }
    }

    /// Starts the awaited answer's stream: a heavy handler's, or a deferred response's.
    func streamAwaited(_ connection: Connection, _ stream: HTTPResponseStream) {
        let (request, answer) = connection.state.answerArrived()
        if case .deferred = answer {
            counters.waitEnded()
        }
        startStreaming(stream, answering: request, on: connection)
        serve(connection)
        if !connection.isClosed { updateInterest(connection) }
    }
}
