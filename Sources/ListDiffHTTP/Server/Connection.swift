/// One client connection's state. Owned by exactly one event loop and touched only on that
/// loop's thread (heavy handlers get the request, never the connection).
final class Connection {
    let fd: Int32
    /// Unique per loop, so a late worker result for a reused fd number is recognised.
    let id: UInt64
    let input: ReceiveBuffer
    var parser: HTTPRequestParser
    var outbound = OutboundQueue()
    /// The readiness bits currently registered with the poller.
    var interest: UInt32 = 0
    /// Set while a heavy handler runs for this connection; parsing pauses meanwhile, which
    /// keeps pipelined responses in request order.
    var inFlight: InFlightRequest?
    /// Set while a request waits for or runs on a worker thread (with `inFlight`): told when
    /// the client leaves first.
    var workerJob: HTTPClientPresence?
    /// Set while a deferred response is awaited (with `inFlight`); answered by its timeout
    /// response at `deferredDeadline`.
    var deferred: HTTPDeferredResponse?
    var deferredDeadline: UInt64 = 0
    /// Close once the queued output is sent (client asked, error, or shutdown).
    var closeAfterFlush = false
    /// The client shut down its sending side (read returned 0).
    var peerClosedInput = false
    /// Writing is shut down and input is being drained until `lingerDeadline`.
    var isLingering = false
    var lingerDeadline: UInt64 = 0
    var lingerDrained = 0
    /// Most bytes a lingering close reads and discards before it gives up: enough for the
    /// rest of a body refused on its head, so a client that writes it all before reading
    /// still reads the answer (``EventLoop/discardAllowance(declaredBodyBytes:)``).
    var discardLimit = EventLoop.minimumDiscardBytes
    /// Bytes of the current request's body counted against the server's buffering limit.
    var bodyBytesCounted = 0
    var isClosed = false
    /// When the current request's first byte arrived (for the header timeout).
    var requestStartedAt: UInt64
    /// Last read or completed write (for the idle and body timeouts).
    var lastActivityAt: UInt64
    /// Last time queued output made progress (for the write timeout).
    var lastWriteProgressAt: UInt64
    /// When the current request's body began (for the minimum body rate); nil outside a body.
    var bodyStartedAt: UInt64?
    /// When queued output last went from empty to non-empty, and the bytes sent since (for
    /// the minimum write rate).
    var writeStartedAt: UInt64
    var bytesWrittenSinceStart = 0
    /// Bytes consumed by the parser for the current request (for the access log).
    var requestBytesIn = 0
    /// Responses queued so far; an idle connection that has had one is a keep-alive
    /// connection the loop may reclaim when it runs out of descriptors.
    var responsesQueued = 0

    init(fd: Int32, id: UInt64, limits: HTTPLimits, now: UInt64) {
        self.fd = fd
        self.id = id
        input = ReceiveBuffer()
        parser = HTTPRequestParser(limits: limits)
        requestStartedAt = now
        lastActivityAt = now
        lastWriteProgressAt = now
        writeStartedAt = now
    }

    /// The poller token: the fd in the low half, the id's low bits in the high half, so an
    /// event queued for a closed connection is not applied to a new one that reuses its fd.
    var pollToken: UInt64 {
        UInt64(UInt32(bitPattern: fd)) | UInt64(truncatingIfNeeded: id) << 32
    }

    /// Between requests with nothing buffered or queued: safe to close at any moment.
    var isIdle: Bool {
        parser.phase == .idle && input.isEmpty && inFlight == nil && outbound.isEmpty && !isLingering
    }
}
