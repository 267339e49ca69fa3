/// Which web pages may call the server from a browser (CORS): the origins allowed, on which
/// paths, with which request headers, and which response headers their scripts may read.
/// Plain configuration; ``CORSResponder`` applies it.
public struct CORSPolicy: Sendable, Equatable {
    /// `scheme://host[:port]` origins, exactly as browsers send them in `Origin`; `*` allows any.
    public var allowedOrigins: [String]
    /// Paths under this prefix answer CORS; others (health checks, metrics) never do.
    public var pathPrefix: String
    /// Request headers a page may send beyond the CORS-safelisted ones.
    public var allowedHeaders: [String]
    /// Response headers a page's script may read beyond the safelisted ones.
    public var exposedHeaders: [String]
    /// Seconds a browser may cache a preflight answer.
    public var maxAgeSeconds: Int

    public init(
        allowedOrigins: [String], pathPrefix: String, allowedHeaders: [String], exposedHeaders: [String],
        maxAgeSeconds: Int = 600
    ) {
        self.allowedOrigins = allowedOrigins
        self.pathPrefix = pathPrefix
        self.allowedHeaders = allowedHeaders
        self.exposedHeaders = exposedHeaders
        self.maxAgeSeconds = maxAgeSeconds
    }

    /// Whether a request from `origin` to `path` gets CORS answers. O(origins).
    public func applies(origin: String, path: String) -> Bool {
        path.hasPrefix(pathPrefix) && (allowedOrigins.contains("*") || allowedOrigins.contains(origin))
    }
}
