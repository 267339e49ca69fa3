/// What a handler gives back: the response now, a promise of one, or a stream.
public enum HTTPHandlerResult: Sendable {
    case response(HTTPResponse)
    /// Answered later through ``HTTPDeferredResponse/complete(_:)`` or by its timeout.
    case deferred(HTTPDeferredResponse)
    /// A body sent as it comes (``HTTPResponseStream``); the connection closes after it.
    case stream(HTTPResponseStream)
}
