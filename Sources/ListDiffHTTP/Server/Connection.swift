/// One client connection. Owned by exactly one event loop and touched only on that loop's
/// thread (heavy handlers get the request, never the connection). Its life is ``state``; the
/// rest is its buffers and the clocks its timeouts read.
final class Connection {
    let fd: Int32
    /// Unique per loop, so a late worker result for a reused fd number is recognised.
    let id: UInt64
    let input: ReceiveBuffer
    // Unchecked exclusivity for the properties read or changed several times per request
    // (parser, outbound, state, writeProgress): a connection is touched only on its loop's
    // thread and no access to one of them nests inside another to the same (each move is one
    // self-contained method), so the runtime's dynamic check, paid on every access, would
    // only ever pass.
    @exclusivity(unchecked) var parser: HTTPRequestParser
    @exclusivity(unchecked) var outbound: OutboundQueue
    /// The readiness bits currently registered with the poller.
    var interest: UInt32 = 0
    @exclusivity(unchecked) var state = ConnectionState.serving
    /// The client shut down its sending side (read returned 0). A fact about the socket's
    /// read half that can arrive in any state, so not a state of its own: it only decides
    /// what the next move is (abandon an awaited answer but a stream, probe a stream's client
    /// with a heartbeat, close instead of lingering); the connection is read no more.
    var peerClosedInput = false
    /// Bytes of the current request's body counted against the server's buffering limit,
    /// held until its response is queued.
    var bodyBytesCounted = 0
    /// When the current request's first byte arrived (for the header timeout).
    var requestStartedAt: UInt64
    /// When the current request's body began (for the minimum body rate); nil outside a body.
    var bodyStartedAt: UInt64?
    /// Bytes consumed by the parser for the current request (for the access log).
    var requestBytesIn = 0
    /// The handler the current request's head was given before its body was read: taken at its
    /// dispatch, so the route is matched and its middleware run once per request.
    var headHandler: HTTPHandler?
    /// Last read or completed write (for the idle and body timeouts).
    var lastActivityAt: UInt64
    @exclusivity(unchecked) var writeProgress: WriteProgress
    /// The deadline of this connection's armed timer-heap entry; `.max` when none is armed.
    var armedDeadline = UInt64.max
    /// Buffer bytes (input and output storage) as last counted into the loop's total.
    var countedBufferBytes = 0
    /// The kernel watches for this connection's peer vanishing (``EventLoop/watchPeer(of:)``).
    var watchesPeer = false
    /// Responses queued so far; an idle connection that has had one is a keep-alive
    /// connection the loop may reclaim when it runs out of descriptors.
    var responsesQueued = 0

    init(fd: Int32, id: UInt64, limits: HTTPLimits, responses: ResponseBudget, now: UInt64, peer: HTTPPeerAddress) {
        self.fd = fd
        self.id = id
        input = ReceiveBuffer()
        outbound = OutboundQueue(budget: responses)
        parser = HTTPRequestParser(limits: limits)
        parser.peerAddress = peer
        requestStartedAt = now
        lastActivityAt = now
        writeProgress = WriteProgress(now: now)
    }

    /// The poller token: the fd in the low half, the id's low bits in the high half, so an
    /// event queued for a closed connection is not applied to a new one that reuses its fd.
    var pollToken: UInt64 {
        UInt64(UInt32(bitPattern: fd)) | UInt64(truncatingIfNeeded: id) << 32
    }

    var isClosed: Bool { state.isClosed }

    /// Between requests with nothing buffered or queued: safe to close at any moment.
    var isIdle: Bool {
        let betweenRequests: Bool
        switch state {
        case .serving, .closingAfterWrite: betweenRequests = true
        case .awaiting, .streaming, .lingering, .closed: betweenRequests = false
        }
        return betweenRequests && parser.phase == .idle && input.isEmpty && outbound.isEmpty
    }
}
