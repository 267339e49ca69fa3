import ListDiffHTTP

/// The service's routes as a server from before event streams: every route but `…/events`,
/// which gets what a router without that route answers (its 404 for an unknown path, from a
/// real ``Router`` with nothing mounted).
struct RoutesWithoutEvents: HTTPResponder {
    let routes: Router
    private let older = Router()

    init(routes: Router) {
        self.routes = routes
    }

    func resolve(_ request: HTTPRequest) -> HTTPHandler {
        request.path.hasSuffix("/events") ? older.resolve(request) : routes.resolve(request)
    }
}
