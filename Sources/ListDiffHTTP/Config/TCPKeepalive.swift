/// How the kernel finds that the client of a stream or a long poll has vanished (its machine
/// off, its network gone): nothing comes back, and without these the connection would stay
/// open until the retransmissions of its heartbeats give up, about 15 minutes on Linux.
///
/// Set when a connection starts streaming or waiting in a long poll, never on one that only
/// asks and is answered (those syscalls stay off the request path). Two checks, since either
/// alone misses a case: keepalive probes find a peer gone from an idle connection (a long
/// poll, which sends nothing while it waits), and the user timeout one gone while data is
/// unacknowledged (a stream's heartbeats keep it from ever being idle, so keepalive never
/// probes it). Either closes the connection about `unacknowledgedSeconds` after the peer's
/// last word. Darwin has no user timeout: there a stream's vanished peer is found only by its
/// retransmissions giving up.
public struct TCPKeepalive: Sendable, Equatable {
    /// Seconds with nothing from the peer before the first keepalive probe.
    public var idleSeconds: Int
    /// Seconds between keepalive probes.
    public var intervalSeconds: Int
    /// Keepalive probes unanswered before the connection is closed.
    public var probeCount: Int
    /// Seconds sent data may stay unacknowledged before the connection is closed (Linux's
    /// `TCP_USER_TIMEOUT`, which also bounds the keepalive probes to this time). A reader that
    /// keeps its window shut this long is closed too: it resumes, as any stream's client does.
    public var unacknowledgedSeconds: Int

    /// 60 s of silence, then 6 probes 10 s apart; data unacknowledged for 120 s: a vanished
    /// peer is closed about two minutes after its last word.
    public init(idleSeconds: Int = 60, intervalSeconds: Int = 10, probeCount: Int = 6, unacknowledgedSeconds: Int = 120)
    {
        self.idleSeconds = idleSeconds
        self.intervalSeconds = intervalSeconds
        self.probeCount = probeCount
        self.unacknowledgedSeconds = unacknowledgedSeconds
    }
}
