/// How many requests may wait for a worker thread when one more of a route is queued, and
/// what that one gets at once instead when as many already wait: a queue that cannot grow
/// without bound behind a slow dependency (a store that stopped answering).
public struct HTTPQueueBound: Sendable {
    /// Most requests (of any route) waiting for a worker; at the limit the request is refused.
    public var limit: Int
    /// The refusal, made on the event loop: cheap, and naming the limit (a 503 with `Retry-After`).
    public var refusal: @Sendable (HTTPRequest) -> HTTPResponse

    public init(limit: Int, refusal: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.limit = max(0, limit)
        self.refusal = refusal
    }
}
