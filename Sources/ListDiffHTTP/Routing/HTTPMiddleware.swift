/// What a ``RouteGroup`` runs for each request of its routes before their handler, once: on
/// the request's head, after the route matched and — when a body follows — before any byte of
/// it is buffered (an API key's check, say). It gives the handler its ``Context`` (who asked,
/// and whatever else it worked out), or the answer instead, so a refused request costs no body.
/// The transport knows nothing of what it checks.
public protocol HTTPMiddleware: Sendable {
    associatedtype Context: Sendable
    /// What each route of the group declares for the middleware to check (the scope a token
    /// needs, say), given where the route is added, so that what a route requires is written
    /// beside it and no route of the group goes without; `Void` when routes declare nothing.
    associatedtype Requirement: Sendable = Void

    /// The context `head`'s handler gets, or the answer instead. `head` has no body;
    /// `requirement` is what its route declared.
    func admit(_ head: HTTPRequest, to route: MatchedRoute, requiring requirement: Requirement)
        -> HTTPAdmission<Context>
}
