/// Routes under one path prefix that share an ``HTTPMiddleware`` (`/v1` and its key check):
/// the router runs the middleware once per request, on the head, and hands each handler the
/// middleware's context. Each route declares the middleware's ``HTTPMiddleware/Requirement``
/// where it is added (a route cannot be added without one unless it is `Void`), and the
/// middleware gets it with every request of that route. Built as a value, then mounted with
/// ``Router/mount(_:)``.
///
/// ```swift
/// var v1 = RouteGroup("/v1", middleware: KeyCheck())
/// v1.add("PUT", "/v1/things/{id}", requiring: .owner) { request, caller in .response(.text("put\n")) }
/// router.mount(v1)
/// ```
public struct RouteGroup<Middleware: HTTPMiddleware>: Sendable {
    public let prefix: String
    public let middleware: Middleware
    private(set) var routes: [GroupedRoute] = []

    public init(_ prefix: String, middleware: Middleware) {
        self.prefix = prefix
        self.middleware = middleware
    }

    /// Mounts `handle` for `method` and `path`, a template (see ``Router/add(_:_:cost:queueBound:streams:_:)``)
    /// that starts with the group's prefix: its template is named in logs, metrics and to the
    /// middleware exactly as written here, and the middleware checks each of its requests
    /// against `requirement`.
    public mutating func add(
        _ method: String, _ path: String, requiring requirement: Middleware.Requirement, cost: HandlerCost = .cheap,
        queueBound: HTTPQueueBound? = nil, streams: Bool = false,
        _ handle: @escaping @Sendable (HTTPRequest, Middleware.Context) -> HTTPHandlerResult
    ) {
        precondition(path.hasPrefix(prefix), "route '\(path)' lies outside its group '\(prefix)'")
        let middleware = self.middleware
        let route = GroupedRoute(
            method: method, path: path, cost: cost, queueBound: queueBound, streams: streams, requirement: requirement
        ) { head, route in
            switch middleware.admit(head, to: route, requiring: requirement) {
            case .admitted(let context): .admitted({ request in handle(request, context) })
            case .refused(let response): .refused(response)
            }
        }
        routes.append(route)
    }
}

extension RouteGroup where Middleware.Requirement == Void {
    /// Mounts `handle` for `method` and `path` behind a middleware whose routes declare nothing
    /// (see ``add(_:_:requiring:cost:queueBound:streams:_:)``).
    public mutating func add(
        _ method: String, _ path: String, cost: HandlerCost = .cheap, queueBound: HTTPQueueBound? = nil,
        streams: Bool = false, _ handle: @escaping @Sendable (HTTPRequest, Middleware.Context) -> HTTPHandlerResult
    ) {
        add(method, path, requiring: (), cost: cost, queueBound: queueBound, streams: streams, handle)
    }
}
