/// What a handler gives back: the response now, or a promise of one.
public enum HTTPHandlerResult: Sendable {
    case response(HTTPResponse)
    /// Answered later through ``HTTPDeferredResponse/complete(_:)`` or by its timeout.
    case deferred(HTTPDeferredResponse)
}
