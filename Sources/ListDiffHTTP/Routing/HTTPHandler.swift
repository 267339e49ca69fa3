/// A request handler and where it should run.
public struct HTTPHandler: Sendable {
    public let cost: HandlerCost
    /// Answers a request now or later.
    public let handle: @Sendable (HTTPRequest) -> HTTPHandlerResult
    /// The route template that matched (`/v1/sessions/{session}`), for logs and metrics: never
    /// the raw path, so session names and keys stay out of them and labels stay few.
    public var route = ""
    /// For a handler run on the worker pool: the most requests that may wait for a worker
    /// when this one is queued, and its answer at once beyond that (nil: no bound).
    public var queueBound: HTTPQueueBound?
    /// The answer when the request is refused before its handler (no route, a method not
    /// allowed, its group's middleware): sent before any body is read when one follows.
    public var refusal: HTTPResponse?
    /// The route answers with a stream (``HTTPHandlerResult/stream(_:)``), whose client may
    /// send its request and shut down its sending side to only read: a client that ends its
    /// input while this handler runs on a worker is still answered. On any other route that
    /// counts as leaving (it cannot be told from a close until something is written), and
    /// the answer is abandoned.
    public var streams = false

    /// A handler that answers before it returns.
    public init(cost: HandlerCost = .cheap, _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.cost = cost
        handle = { .response(respond($0)) }
    }

    /// A handler that refuses every request with `refusal` (see ``refusal``), named `route`.
    public init(refusing refusal: HTTPResponse, route: String) {
        self.init { _ in refusal }
        self.refusal = refusal
        self.route = route
    }

    /// A handler that may answer later (``HTTPDeferredResponse``).
    public init(cost: HandlerCost = .cheap, deferring handle: @escaping @Sendable (HTTPRequest) -> HTTPHandlerResult) {
        self.cost = cost
        self.handle = handle
    }
}
