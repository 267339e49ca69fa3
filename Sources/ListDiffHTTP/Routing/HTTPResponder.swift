/// What the transport mounts: picks the handler for each complete request. ``Router`` is the
/// usual one; the transport knows nothing else about routes.
public protocol HTTPResponder: Sendable {
    func handler(for request: HTTPRequest) -> HTTPHandler

    /// Called when a head announces a body, before any of it is read: a response here (404,
    /// 401, …) is sent instead (and instead of `100 Continue` when asked), the body is
    /// discarded unread and the connection closed. `head` has no body. The default accepts
    /// every body.
    func responseBeforeBody(to head: HTTPRequest) -> HTTPResponse?
}

extension HTTPResponder {
    public func responseBeforeBody(to head: HTTPRequest) -> HTTPResponse? { nil }
}
