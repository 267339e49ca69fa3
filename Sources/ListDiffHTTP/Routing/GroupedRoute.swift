/// A route of a ``RouteGroup`` as the ``Router`` keeps it, the middleware's context hidden:
/// admitting a head gives the handle bound to its context, or the refusal.
struct GroupedRoute: Sendable {
    var method: String
    var path: String
    var cost: HandlerCost
    var queueBound: HTTPQueueBound?
    /// See ``HTTPHandler/streams``.
    var streams: Bool
    /// What the route declared to its group's middleware (``HTTPMiddleware/Requirement``),
    /// kept to be listed (``Router/routes``); the middleware is handed its own typed copy.
    var requirement: any Sendable
    var admit: @Sendable (HTTPRequest, MatchedRoute) -> Admission

    typealias Handle = @Sendable (HTTPRequest) -> HTTPHandlerResult

    /// ``HTTPAdmission`` with the handle as a concrete payload: a function held in the generic
    /// enum is stored at its most general abstraction, and taking it out cost a reabstraction
    /// thunk's allocation per request.
    enum Admission {
        case admitted(Handle)
        case refused(HTTPResponse)
    }
}
