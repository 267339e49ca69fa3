import Foundation
import ListDiffHTTP

/// A server's routes as a server from before event streams: every route but `…/events`,
/// which gets what a router without that route answers (its 404 for an unknown path, from a
/// real ``Router`` with nothing mounted) — until ``addEvents()``, as an instance upgraded in
/// place would.
final class RoutesWithoutEvents: HTTPResponder, @unchecked Sendable {
    // Sendable argument: `hasEvents` is only touched while holding `lock`.
    let routes: any HTTPResponder
    private let older = Router()
    private let lock = NSLock()
    private var hasEvents = false

    init(routes: any HTTPResponder) {
        self.routes = routes
    }

    /// From now on the events route is served.
    func addEvents() {
        lock.withLock { hasEvents = true }
    }

    func resolve(_ request: HTTPRequest) -> HTTPHandler {
        request.path.hasSuffix("/events") && !lock.withLock({ hasEvents })
            ? older.resolve(request) : routes.resolve(request)
    }
}
