/// A complete request as the parser hands it over: the head decoded, the body de-chunked.
///
/// A value type and `Sendable`, so it can go to a worker thread for a heavy handler.
public struct HTTPRequest: Sendable {
    /// The method token exactly as sent (methods are case-sensitive).
    public var method: String
    /// The request target as sent, e.g. `/a%20b?x=1`.
    public var target: String
    /// The percent-decoded path, e.g. `/a b`: for messages and logs. Routing splits
    /// ``rawPath`` at `/` before decoding, so an encoded `/` stays inside its segment.
    public var path: String
    /// The path as sent, still percent-encoded, e.g. `/a%20b`.
    public var rawPath: String
    /// The query parameters in order, percent-decoded.
    public var query: [HTTPQueryParameter]
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Trailer fields of a chunked body (empty otherwise).
    public var trailers: HTTPHeaders
    /// Whether the client wants the connection kept open afterwards: HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool
    /// When the transport queued the request for its handler (on a worker's queue, or the
    /// loop's own turn for a cheap handler): what a handler's deadline counts from.
    public var queuedAt: ContinuousClock.Instant
    /// Set for a request handed to a worker thread: whether its client is still there.
    public var clientPresence: HTTPClientPresence?
    /// The address of the connection's peer, captured at accept: the client, or the proxy in
    /// front of it (``TrustedProxies/clientAddress(of:)`` looks past a trusted one).
    public var peerAddress: HTTPPeerAddress

    public init(
        method: String,
        target: String,
        path: String,
        rawPath: String? = nil,
        query: [HTTPQueryParameter] = [],
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        trailers: HTTPHeaders = HTTPHeaders(),
        keepAlive: Bool = true
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.rawPath = rawPath ?? path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.trailers = trailers
        self.keepAlive = keepAlive
        queuedAt = .now
        clientPresence = nil
        peerAddress = .unknown
    }

    /// Whether the client left before the request was answered (never, for a request run on
    /// its event loop: the loop answers before it reads again).
    public var isClientGone: Bool { clientPresence?.isGone ?? false }

    /// The first query value called `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
