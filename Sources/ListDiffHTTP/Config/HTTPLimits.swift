/// Size limits the transport enforces before a handler ever sees a request.
///
/// Each limit turns into a definite status (414, 431, 413, 503) instead of unbounded memory
/// or CPU: the parser checks them while bytes arrive, so a 128 KB header costs at most
/// `maxHeaderBytes` of scanning.
public struct HTTPLimits: Sendable, Equatable {
    /// Longest request line (method, target, version) in bytes; longer → 414.
    public var maxRequestLineBytes: Int
    /// Most bytes of the whole head (request line and header lines), and separately of a
    /// chunked body's trailers; more → 431.
    public var maxHeaderBytes: Int
    /// Most header fields in one head; more → 431.
    public var maxHeaderCount: Int
    /// Largest request body (declared or chunked); larger → 413.
    public var maxBodyBytes: Int
    /// Most open client connections over all event loops; beyond it new ones get 503.
    public var maxConnections: Int
    /// Most request-body bytes held at once over all connections (counted from each
    /// request's head until its response is queued); a request that would pass it gets 503
    /// with `Retry-After` before its body is read.
    public var maxBufferedBodyBytes: Int
    /// Most bytes a streamed response (``HTTPResponseStream``) may have sent and not yet
    /// written to its socket; past it the reader is too slow and its connection is closed.
    public var streamMaxBufferBytes: Int
    /// Most streamed responses open at once over all event loops; beyond it a stream is
    /// answered 503 with `Retry-After`.
    public var maxStreams: Int
    /// Most response bytes queued and not yet sent at once over all connections (a body that
    /// many connections share counted once, a stream's first event included): past it a
    /// large answer gets 503 with `Retry-After`, a stream's event that does not fit closes
    /// the stream, and readers that stopped reading are closed. Default: an eighth of the
    /// machine's (or the container's) memory, at most 256 MiB
    /// (``defaultMaxBufferedResponseBytes``).
    public var maxBufferedResponseBytes: Int

    public init(
        maxRequestLineBytes: Int = 8 * 1024,
        maxHeaderBytes: Int = 32 * 1024,
        maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 16 * 1024 * 1024,
        maxConnections: Int = 10_000,
        maxBufferedBodyBytes: Int = 256 * 1024 * 1024,
        streamMaxBufferBytes: Int = 256 * 1024,
        maxStreams: Int = 20_000,
        maxBufferedResponseBytes: Int = HTTPLimits.defaultMaxBufferedResponseBytes
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.maxBufferedBodyBytes = maxBufferedBodyBytes
        self.streamMaxBufferBytes = streamMaxBufferBytes
        self.maxStreams = maxStreams
        self.maxBufferedResponseBytes = maxBufferedResponseBytes
    }
}
