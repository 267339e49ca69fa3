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
