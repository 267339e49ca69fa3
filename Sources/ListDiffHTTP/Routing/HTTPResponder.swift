/// What the transport mounts: picks the handler for each complete request. ``Router`` is the
/// usual one; the transport knows nothing else about routes.
public protocol HTTPResponder: Sendable {
    func handler(for request: HTTPRequest) -> HTTPHandler
}
