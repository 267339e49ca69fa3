/// A route of a ``RouteGroup`` as the ``Router`` keeps it, the middleware's context hidden:
/// admitting a head gives the handle bound to its context, or the refusal.
struct GroupedRoute: Sendable {
    var method: String
    var path: String
    var cost: HandlerCost
    var queueBound: HTTPQueueBound?
    var admit: @Sendable (HTTPRequest, MatchedRoute) -> HTTPAdmission<Handle>

    typealias Handle = @Sendable (HTTPRequest) -> HTTPHandlerResult
}
