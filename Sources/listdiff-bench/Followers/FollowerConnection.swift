import Glibc
import ListDiffClient

/// One follower: a connection that long-polls its session's snapshot or reads its event
/// stream, and the version and sequence number it has reached.
final class FollowerConnection {
    enum State { case waiting, connecting, open }

    let session: Int
    let source: Int
    /// Which of the options' ports it connects to (moves on when an instance goes away).
    var port: Int
    var fd: Int32 = -1
    var state = State.waiting
    /// The version this follower has reached; every answer or event must start from it.
    var version = ""
    /// The sequence number of the last write delivered to it.
    var sequence = 0
    /// Its first request has been sent (the ramp counts it open).
    var opened = false
    /// Bytes of its request not yet sent.
    var unsent: [UInt8] = []
    var response = HTTPResponseReader()
    /// Its event stream's reader (the client's parser).
    var events = ServerSentEventParser()

    /// Closes its socket and forgets what was in flight on it; it keeps its version.
    func closeConnection() {
        close(fd)
        fd = -1
        state = .waiting
        unsent = []
        response = HTTPResponseReader()
        events = ServerSentEventParser()
    }

    init(session: Int, source: Int, port: Int) {
        self.session = session
        self.source = source
        self.port = port
    }
}
