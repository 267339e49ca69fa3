/// The timeouts an event loop applies to each connection on every tick.
extension EventLoop {
    /// Applies the linger, write, idle, header and body timeouts to one connection.
    func checkDeadlines(_ connection: Connection) {
        if case .lingering(let linger) = connection.state {
            if now >= linger.deadline { closeConnection(connection) }
            return
        }
        if !connection.outbound.isEmpty {
            if connection.writeProgress.isOverdue(now: now, timeout: timeouts.write, rate: timeouts.writeRate) {
                closeConnection(connection, ending: .slowReader)
            }
            return
        }
        switch connection.state {
        case .serving:
            break
        case .awaiting(_, .deferred(let deferred, let deadline)):
            if now >= deadline, let response = deferred.expire() { answerAwaited(connection, with: response) }
            return
        case .awaiting(_, .worker), .closingAfterWrite, .lingering:
            return
        case .streaming:
            // Exempt from the idle timeout: its heartbeats keep it alive.
            return
        case .closed:
            preconditionFailure("connection: deadlines of a closed connection")
        }
        let phase = connection.parser.phase
        if phase == .idle && connection.input.isEmpty {
            if draining || now > connection.lastActivityAt + timeouts.idle { closeConnection(connection) }
        } else if phase == .body {
            let received = connection.parser.bodyBytesReceived
            let startedAt = connection.bodyStartedAt ?? connection.requestStartedAt
            if now > connection.lastActivityAt + timeouts.body {
                timeOut(connection, detail: "request body: no data arrived for \(configuration.timeouts.bodyRead) s")
            } else if now > timeouts.bodyRate.deadline(startedAt: startedAt, bytes: received) {
                let rate = Int(configuration.timeouts.minBodyRate)
                timeOut(
                    connection,
                    detail:
                        "request body: arriving slower than \(rate) bytes/s (\(received) bytes in \((now - startedAt) / 1_000_000) ms)"
                )
            }
        } else if now > connection.requestStartedAt + timeouts.header {
            timeOut(connection, detail: "request head: not complete within \(configuration.timeouts.headerRead) s")
        }
    }

    private func timeOut(_ connection: Connection, detail: String) {
        respondWithProblem(connection, status: 408, detail: detail)
        flush(connection)
        if !connection.isClosed { updateInterest(connection) }
    }
}
