/// What an ``HTTPMiddleware`` makes of a request's head: it goes on to its handler with a
/// context, or it is answered at once.
public enum HTTPAdmission<Context: Sendable>: Sendable {
    case admitted(Context)
    /// Sent instead of the handler's answer; a body that follows is never read.
    case refused(HTTPResponse)
}
