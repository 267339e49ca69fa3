import CListDiffEpoll

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an event loop ends a connection: a lingering close after the last response, or at once.
extension EventLoop {
    /// Lingering close: shut down writing so the response is delivered with a FIN, then
    /// read and discard until the client closes (or the linger timeout), so unread input does
    /// not make the kernel send a reset that destroys the response.
    func startClosing(_ connection: Connection) {
        guard !connection.peerClosedInput else {
            closeConnection(connection)
            return
        }
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.state.startLingering(deadline: now + timeouts.linger)
    }

    func drainLingering(_ connection: Connection) {
        while true {
            let count = read(connection.fd, scratch, Self.scratchSize)
            if count > 0 {
                guard connection.state.discardLingering(count) else {
                    closeConnection(connection)
                    return
                }
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
            closeConnection(connection)
            return
        }
    }

    /// Closes at once. A stream still being sent ends with `ending` (its client left, unless
    /// the caller knows better).
    func closeConnection(_ connection: Connection, ending: HTTPResponseStream.End = .clientGone) {
        guard !connection.isClosed else { return }
        if case .streaming(let streaming) = connection.state { streamClosed(streaming, ending: ending) }
        switch connection.state.close() {
        case .worker(let presence):
            presence.markGone()
        case .deferred(let deferred, _):
            counters.waitEnded()
            deferred.cancel()
        case nil:
            break
        }
        releaseBody(of: connection)
        connection.outbound.releaseAll()
        counters.bufferBytes -= connection.countedBufferBytes
        close(connection.fd)
        precondition(connections[Int(connection.fd)] === connection, "connection: closed one not in the table")
        connections[Int(connection.fd)] = nil
        counters.connectionClosed()
        budget.giveBack()
        acceptor.refillReserve()
        acceptor.resume(token: Self.listenerToken)
    }
}
