import CListDiffEpoll

/// How an event loop notices that the client of a stream or a long poll has gone, when that
/// client only reads: the kernel's checks for a vanished peer.
extension EventLoop {
    /// Turns on the kernel's checks for a vanished peer (``TCPKeepalive``), once per
    /// connection, when it starts streaming or waiting in a long poll: either may go minutes
    /// with nothing from its client. A connection that only asks and is answered never pays
    /// for them.
    func watchPeer(of connection: Connection) {
        guard !connection.watchesPeer else { return }
        connection.watchesPeer = true
        let keepalive = configuration.peerKeepalive
        cld_watch_peer(
            connection.fd, Int32(clamping: keepalive.idleSeconds), Int32(clamping: keepalive.intervalSeconds),
            Int32(clamping: keepalive.probeCount), UInt32(clamping: keepalive.unacknowledgedSeconds * 1000))
    }
}

/// A client that ends its input (its FIN) after a complete request may have half-closed, to
/// only read (`shutdown(SHUT_WR)`, `nc -N`), or closed: the two cannot be told apart by
/// reading. A stream's client is given the benefit of the doubt, found out by a write.
extension EventLoop {
    /// A streaming client ended its input: the stream goes on, read no more (so level-triggered
    /// readiness does not report the end again and again), and a heartbeat goes out at once
    /// unless bytes already wait: a client that has closed answers any bytes with a reset,
    /// which the poller reports whatever the interest (`CLD_ERROR`, `CLD_HANGUP`) and which
    /// closes the connection as the client gone. A stream without heartbeats has nothing it may
    /// write to find out, so its client's end of input ends it.
    func clientEndedInput(of connection: Connection, _ streaming: StreamingResponse) {
        connection.peerClosedInput = true
        guard !streaming.heartbeatBytes.isEmpty else {
            closeConnection(connection, ending: .clientGone)
            return
        }
        if connection.outbound.isEmpty { sendHeartbeat(streaming, on: connection) }
    }

    /// A client ended its input while its answer is awaited. A long poll or any answer but a
    /// stream is abandoned, as from a client that left: nobody may read it, and a worker's job
    /// not yet run is skipped (``HTTPClientPresence``). A worker's job for a route that streams
    /// (``HTTPHandler/streams``) goes on, the connection read no more: its stream starts with a
    /// write that tells whether the client is there (`startStreaming`).
    func clientEndedInput(whileAwaiting connection: Connection) {
        if case .awaiting(let request, .worker) = connection.state, request.streams { return }
        closeConnection(connection)
    }
}
