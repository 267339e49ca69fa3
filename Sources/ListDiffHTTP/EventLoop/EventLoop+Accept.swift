import CListDiffEpoll

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The accept side of an event loop: new connections registered, or refused with 503 when
/// the server is at its connection limit or out of descriptors.
extension EventLoop {
    func acceptConnections() {
        for _ in 0..<64 where acceptor.isListening {
            var peer = cld_peer_address()
            let fd = cld_accept_from(acceptor.listener.fd, &peer)
            guard fd >= 0 else {
                let code = errno
                switch code {
                case EAGAIN, EWOULDBLOCK: return
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    handleDescriptorExhaustion(code)
                    return
                default:
                    log.log(.warning, "accept failed: errno \(code)")
                    return
                }
            }
            guard budget.take() else {
                refuse(fd, detail: "the server is at its limit of \(budget.limit) connections; retry later")
                continue
            }
            cld_configure_accepted(fd)
            counters.connectionAccepted()
            register(fd, peer: withUnsafeBytes(of: peer.bytes) { HTTPPeerAddress(bytes: $0) })
        }
    }

    private func register(_ fd: Int32, peer: HTTPPeerAddress) {
        if Int(fd) >= connections.count {
            connections.append(
                contentsOf: repeatElement(nil, count: max(Int(fd) + 1, connections.count * 2) - connections.count))
        }
        precondition(connections[Int(fd)] == nil, "event loop: descriptor \(fd) accepted while still registered")
        nextConnectionID += 1
        let connection = Connection(
            fd: fd, id: nextConnectionID, limits: configuration.limits, responses: responses, now: now, peer: peer)
        guard cld_poller_add(poller, fd, UInt32(CLD_READABLE), connection.pollToken) == 0 else {
            close(fd)
            budget.giveBack()
            return
        }
        connection.interest = UInt32(CLD_READABLE)
        connections[Int(fd)] = connection
        counters.connectionOpened()
        armDeadline(connection)
    }

    /// Out of descriptors. First reclaim idle keep-alive connections (as nginx does: closing
    /// them between requests is always allowed, and their clients simply reconnect), so new
    /// clients get served. With none to reclaim, free the reserve descriptor to answer waiting
    /// clients with 503 rather than leave them hanging, then stop polling the listener
    /// briefly (or until a connection closes).
    private func handleDescriptorExhaustion(_ code: Int32) {
        var reclaimed = 0
        forEachConnection { connection in
            if reclaimed < Self.reclaimBatch && connection.isIdle && connection.responsesQueued > 0 {
                closeConnection(connection)
                reclaimed += 1
            }
        }
        acceptor.refillReserve()
        log.log(
            .warning, "accept: out of file descriptors (errno \(code)); closed \(reclaimed) idle keep-alive connections"
        )
        guard reclaimed == 0 else { return }
        let listenerFD = acceptor.listener.fd
        _ = acceptor.withReserveFreed {
            for _ in 0..<64 {
                let fd = cld_accept(listenerFD)
                guard fd >= 0 else { break }
                refuse(fd, detail: "the server is out of file descriptors; retry later")
            }
        }
        acceptor.pause(until: now + 50_000_000)
    }

    /// Answers a just-accepted socket with a 503 problem and closes it.
    private func refuse(_ fd: Int32, detail: String) {
        _ = read(fd, scratch, Self.scratchSize)
        var bytes: [UInt8] = []
        var response = HTTPProblem(status: 503, detail: detail).response(closesConnection: true)
        response.headers.append(name: "Retry-After", value: Self.retryAfterSeconds)
        _ = ResponseSerializer.appendHead(
            of: response, to: &bytes, requestIsHead: false, keepAlive: false, clientIsHTTP10: false,
            dateLine: dateCache.line)
        bytes.append(contentsOf: response.body)
        _ = bytes.withUnsafeBytes { cld_send(fd, $0.baseAddress, $0.count) }
        shutdown(fd, Int32(SHUT_WR))
        close(fd)
        counters.connectionRejected()
        counters.recordRequest(route: "-", method: "-", status: 503, seconds: 0)
        accessLog.record(
            timestamp: dateCache.timestamp, method: "-", route: "-", status: 503, bytesIn: 0, bytesOut: bytes.count,
            microseconds: 0)
    }
}
