/// What the transport mounts: picks the handler for each complete request. ``Router`` is the
/// usual one; the transport knows nothing else about routes.
public protocol HTTPResponder: Sendable {
    func handler(for request: HTTPRequest) -> HTTPHandler

    /// Called when a head asks `Expect: 100-continue`, before the body is sent: a response
    /// here (404, 401, …) is sent instead of `100 Continue`, and the body is never read.
    /// `head` has no body. The default accepts every body.
    func responseBeforeBody(to head: HTTPRequest) -> HTTPResponse?
}

extension HTTPResponder {
    public func responseBeforeBody(to head: HTTPRequest) -> HTTPResponse? { nil }
}
