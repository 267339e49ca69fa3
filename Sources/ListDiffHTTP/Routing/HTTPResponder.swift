/// What the transport mounts: picks the handler for each request. ``Router`` is the usual one;
/// the transport knows nothing else about routes.
public protocol HTTPResponder: Sendable {
    /// Matches `request`'s route and runs its group's middleware: the handler, or one that
    /// gives the answer instead (``HTTPHandler/refusal``). The transport asks once per request:
    /// on the head alone when a body follows, before any of it is buffered (a refusal then costs
    /// no body and gets no `100 Continue`; the handler waits in the connection for the body),
    /// else on the whole request.
    func resolve(_ request: HTTPRequest) -> HTTPHandler
}
