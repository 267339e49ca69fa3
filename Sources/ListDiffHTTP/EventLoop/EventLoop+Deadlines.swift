/// Each connection's timeouts (linger, write, idle, header, body, a deferred answer's wait) and
/// the release of an idle connection's buffers, kept on the loop's timer heap rather than swept:
/// a connection has at most one armed entry, at its earliest deadline. A deadline that moves
/// later (the client did something) costs nothing until the armed entry fires and re-arms; one
/// that moves earlier is armed anew and the older entry is dropped when it fires. So a quiet
/// connection costs the loop nothing between its deadlines, however many there are.
extension EventLoop {
    /// Arms `connection`'s next deadline unless an entry at or before it is armed already,
    /// and brings the loop's count of buffered bytes up to date. Called whenever the loop has
    /// worked on a connection (from ``updateInterest(_:)``). O(log n) when it arms, else O(1).
    func armDeadline(_ connection: Connection) {
        let bufferBytes = connection.input.capacity + connection.outbound.storageBytes
        counters.bufferBytes += bufferBytes - connection.countedBufferBytes
        connection.countedBufferBytes = bufferBytes
        var next = nextDeadline(of: connection)?.at
        if let releaseAt = bufferReleaseTime(of: connection) { next = min(next ?? releaseAt, releaseAt) }
        guard let next else { return }
        // A deadline already past is checked on the next pass, not again in this one.
        let at = timers.slot(for: max(next, now &+ 1))
        guard at < connection.armedDeadline else { return }
        connection.armedDeadline = at
        timers.schedule(.init(deadline: at, fd: connection.fd, connectionID: connection.id, kind: .deadline))
    }

    /// The armed entry of a connection came due: applies what is due, then arms the next.
    /// An entry superseded by an earlier one, or of a connection closed since, is dropped.
    func fireDeadline(_ entry: TimerHeap.Entry) {
        guard Int(entry.fd) < connections.count, let connection = connections[Int(entry.fd)],
            connection.id == entry.connectionID, connection.armedDeadline == entry.deadline
        else { return }
        connection.armedDeadline = .max
        if let releaseAt = bufferReleaseTime(of: connection), now >= releaseAt {
            connection.input.release()
            connection.outbound.releaseSpare()
        }
        if let deadline = nextDeadline(of: connection), now >= deadline.at {
            apply(deadline.action, to: connection)
        }
        if !connection.isClosed { armDeadline(connection) }
    }

    /// The connection's next timeout, by its state; nil when none applies (a worker is
    /// answering, or a stream's output is all sent: its heartbeats keep it alive).
    func nextDeadline(of connection: Connection) -> ConnectionDeadline? {
        if case .lingering(let linger) = connection.state { return .init(at: linger.deadline, action: .endLinger) }
        if !connection.outbound.isEmpty {
            let at = connection.writeProgress.deadline(timeout: timeouts.write, rate: timeouts.writeRate)
            return .init(at: at, action: .cutSlowReader)
        }
        switch connection.state {
        case .serving:
            break
        case .awaiting(_, .deferred(_, let deadline)):
            return .init(at: deadline, action: .expireWait)
        case .awaiting(_, .worker), .closingAfterWrite, .lingering, .streaming:
            return nil
        case .closed:
            preconditionFailure("connection: deadlines of a closed connection")
        }
        let phase = connection.parser.phase
        if phase == .idle && connection.input.isEmpty {
            return .init(at: draining ? now : connection.lastActivityAt &+ timeouts.idle, action: .closeIdle)
        }
        if phase == .body {
            let stalledAt = connection.lastActivityAt &+ timeouts.body
            let slowAt = timeouts.bodyRate.deadline(
                startedAt: connection.bodyStartedAt ?? connection.requestStartedAt,
                bytes: connection.parser.bodyBytesReceived)
            return stalledAt <= slowAt
                ? .init(at: stalledAt, action: .bodyStalled) : .init(at: slowAt, action: .bodyTooSlow)
        }
        return .init(at: connection.requestStartedAt &+ timeouts.header, action: .headTooSlow)
    }

    /// When a connection with nothing buffered or queued hands its buffers back: a tick after
    /// its last activity, so a keep-alive client's next request usually finds them still there.
    private func bufferReleaseTime(of connection: Connection) -> UInt64? {
        guard connection.input.isEmpty, connection.outbound.isEmpty, !connection.state.isLingering,
            connection.input.capacity > 0 || connection.outbound.hasSpareStorage
        else { return nil }
        return connection.lastActivityAt &+ timeouts.tick
    }

    private func apply(_ action: ConnectionDeadline.Action, to connection: Connection) {
        switch action {
        case .endLinger, .closeIdle:
            closeConnection(connection)
        case .cutSlowReader:
            closeConnection(connection, ending: .slowReader)
        case .expireWait:
            guard case .awaiting(_, .deferred(let deferred, _)) = connection.state else { break }
            if let backstop = deferred.handOffAtTimeout() {
                // The application answers from here; the transport only past the backstop.
                connection.state.deferredHandedOff(deadline: now &+ MonotonicClock.nanoseconds(backstop))
            } else if let response = deferred.expire() {
                answerAwaited(connection, with: response)
            }
        case .bodyStalled:
            timeOut(connection, detail: "request body: no data arrived for \(configuration.timeouts.bodyRead) s")
        case .bodyTooSlow:
            let received = connection.parser.bodyBytesReceived
            let startedAt = connection.bodyStartedAt ?? connection.requestStartedAt
            let rate = Int(configuration.timeouts.minBodyRate)
            timeOut(
                connection,
                detail:
                    "request body: arriving slower than \(rate) bytes/s (\(received) bytes in \((now - startedAt) / 1_000_000) ms)"
            )
        case .headTooSlow:
            timeOut(connection, detail: "request head: not complete within \(configuration.timeouts.headerRead) s")
        }
    }

    private func timeOut(_ connection: Connection, detail: String) {
        respondWithProblem(connection, status: 408, detail: detail)
        flush(connection)
        if !connection.isClosed { updateInterest(connection) }
    }
}
