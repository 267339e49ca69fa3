/// Routes by method and decoded path: exact paths (`/healthz`) with one dictionary probe, and
/// templates (`/v1/sessions/{session}`) by matching segment by segment, in the order added.
/// Unknown paths get a 404 problem, known paths with another method a 405 problem with
/// `Allow`; HEAD falls back to the GET handler (the transport drops the body). Every handler
/// carries its route template (never the raw path) for logs and metrics. Routes of a
/// ``RouteGroup`` have their group's middleware run on the head once the route matched.
public struct Router: HTTPResponder {
    /// The route named by handlers of requests that matched no route.
    public static let unmatchedRoute = "unmatched"

    private struct Route {
        enum Answer {
            /// An exact path's handler, built once, so answering it allocates nothing.
            case handler(HTTPHandler)
            /// A template's handler, given the parameters of each matching path.
            case template(
                cost: HandlerCost, queueBound: HTTPQueueBound?, streams: Bool,
                handle: @Sendable (HTTPRequest, RouteParameters) -> HTTPHandlerResult)
            /// A ``RouteGroup``'s route: its middleware admits the head, or refuses it.
            case grouped(GroupedRoute)
        }

        var method: String
        var answer: Answer
    }

    private var exact: [String: [Route]] = [:]
    private var templates: [(template: RouteTemplate, routes: [Route])] = []

    /// Whether a path segment is a likely typo of the one a route has there (`session` for
    /// `sessions`), for a 404's "did you mean" with the route's path; nil: a 404 suggests only
    /// a route whose path ends with the one asked for. The application names it (the transport
    /// has no opinion on what a typo is).
    public var isLikelyTypo: (@Sendable (_ typed: Substring, _ known: Substring) -> Bool)?

    public init() {}

    /// Mounts `handle` for `method` and `path` (a template if it has `{name}` segments); a
    /// later registration of the same pair wins. `queueBound` bounds the worker queue a
    /// request of the route joins (see ``HTTPHandler/queueBound``); `streams` says its answer
    /// is a stream (see ``HTTPHandler/streams``).
    public mutating func add(
        _ method: String, _ path: String, cost: HandlerCost = .cheap, queueBound: HTTPQueueBound? = nil,
        streams: Bool = false, _ handle: @escaping @Sendable (HTTPRequest, RouteParameters) -> HTTPHandlerResult
    ) {
        let template = RouteTemplate(path)
        guard template.hasParameters else {
            var handler = HTTPHandler(cost: cost, deferring: { handle($0, RouteParameters()) })
            handler.queueBound = queueBound
            handler.streams = streams
            add(method, path, handler)
            return
        }
        let answer = Route.Answer.template(cost: cost, queueBound: queueBound, streams: streams, handle: handle)
        add(Route(method: method, answer: answer), at: template)
    }

    /// Mounts every route of `group`, each behind the group's middleware; a later
    /// registration of the same method and path wins.
    public mutating func mount<Middleware>(_ group: RouteGroup<Middleware>) {
        for route in group.routes {
            add(Route(method: route.method, answer: .grouped(route)), at: RouteTemplate(route.path))
        }
    }

    /// Adds `route` among the exact paths when `template` has no parameters, else among the
    /// templates.
    private mutating func add(_ route: Route, at template: RouteTemplate) {
        guard template.hasParameters else {
            add(route, exactly: template.text)
            return
        }
        if let index = templates.firstIndex(where: { $0.template.text == template.text }) {
            templates[index].routes.removeAll { $0.method == route.method }
            templates[index].routes.append(route)
        } else {
            templates.append((template, [route]))
        }
    }

    private mutating func add(_ route: Route, exactly path: String) {
        var routes = exact[path, default: []]
        routes.removeAll { $0.method == route.method }
        routes.append(route)
        exact[path] = routes
    }

    /// Mounts `handler` for `method` and the exact `path`.
    public mutating func add(_ method: String, _ path: String, _ handler: HTTPHandler) {
        var named = handler
        named.route = path
        add(Route(method: method, answer: .handler(named)), exactly: path)
    }

    /// Mounts `respond` for `method` and the exact `path`.
    public mutating func add(
        _ method: String, _ path: String, cost: HandlerCost = .cheap,
        _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        add(method, path, HTTPHandler(cost: cost, respond))
    }

    public mutating func get(
        _ path: String, cost: HandlerCost = .cheap, _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        add("GET", path, cost: cost, respond)
    }

    public mutating func post(
        _ path: String, cost: HandlerCost = .cheap, _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        add("POST", path, cost: cost, respond)
    }

    /// Every route, exact paths sorted by path, then templates in the order added; each path's
    /// routes in the order added. O(routes).
    public var routes: [MountedRoute] {
        let exactRoutes = exact.sorted { $0.key < $1.key }.map { (template: $0.key, routes: $0.value) }
        return (exactRoutes + templates.map { (template: $0.template.text, routes: $0.routes) }).flatMap { path in
            path.routes.map { route in
                let requirement: (any Sendable)? =
                    switch route.answer {
                    case .grouped(let grouped): grouped.requirement
                    case .handler, .template: nil
                    }
                return MountedRoute(method: route.method, template: path.template, requirement: requirement)
            }
        }
    }

    /// Matches the route once and, for a group's route, runs the group's middleware on
    /// `request` (a head, when a body follows). O(routes) for templates, O(1) for exact paths.
    public func resolve(_ request: HTTPRequest) -> HTTPHandler {
        switch match(request) {
        case .found(let route, let template, let parameters):
            let (cost, queueBound, streams): (HandlerCost, HTTPQueueBound?, Bool)
            let handle: @Sendable (HTTPRequest) -> HTTPHandlerResult
            switch route.answer {
            case .handler(let handler):
                return handler
            case .template(let routeCost, let bound, let routeStreams, let handleWithParameters):
                (cost, queueBound, streams) = (routeCost, bound, routeStreams)
                handle = { handleWithParameters($0, parameters) }
            case .grouped(let grouped):
                switch grouped.admit(request, MatchedRoute(template: template, parameters: parameters)) {
                case .refused(let refusal): return HTTPHandler(refusing: refusal, route: template)
                case .admitted(let admitted): handle = admitted
                }
                (cost, queueBound, streams) = (grouped.cost, grouped.queueBound, grouped.streams)
            }
            var handler = HTTPHandler(cost: cost, deferring: handle)
            handler.route = template
            handler.queueBound = queueBound
            handler.streams = streams
            return handler
        case .rejected(let response, let route):
            return HTTPHandler(refusing: response, route: route)
        }
    }

    /// The methods mounted at `request`'s path (HEAD with GET), whatever its own method; nil
    /// when no route has that path.
    public func methods(at request: HTTPRequest) -> [String]? {
        var probe = request
        probe.method = ""
        guard case .rejected(let response, let route) = match(probe), route != Self.unmatchedRoute,
            let allowed = response.headers["Allow"]
        else { return nil }
        return allowed.split(separator: ",").map { String($0.trimmingPrefix(" ")) }
    }

    private enum Match {
        case found(Route, template: String, RouteParameters)
        /// With the route template a 405 names (metrics count it there), or ``unmatchedRoute``.
        case rejected(HTTPResponse, route: String)
    }

    private func match(_ request: HTTPRequest) -> Match {
        // Split before decoding: an escaped `/` (`%2F`) belongs to its segment, so it can
        // neither reach a route that a proxy's path rules did not see nor split a name.
        // Without escapes the parser hands over one string as both (compared in O(1)).
        let hidesSlash =
            request.rawPath != request.path
            && Self.slashCount(request.path) != Self.slashCount(request.rawPath)
        if !hidesSlash, let routes = exact[request.path] {
            return choose(routes, template: request.path, parameters: RouteParameters(), for: request)
        }
        if !templates.isEmpty {
            let segments = hidesSlash ? Self.decodedSegments(request.rawPath) : Self.segments(request.path)
            for (template, routes) in templates {
                if let parameters = template.match(segments) {
                    return choose(routes, template: template.text, parameters: parameters, for: request)
                }
            }
        }
        return .rejected(
            HTTPProblem(status: 404, detail: "no resource at path '\(request.path)'" + suggestion(for: request.path))
                .response(), route: Self.unmatchedRoute)
    }

    /// "; did you mean '/v1/diff'?" when exactly one mounted path ends with the one asked for
    /// (a client that left out a prefix), or else exactly one route's path is the one asked for
    /// with likely typos in its fixed segments (`/v1/session/x` → `/v1/sessions/x`); empty
    /// otherwise. O(routes × segments), on 404s only.
    private func suggestion(for path: String) -> String {
        guard path.count > 1 else { return "" }
        let candidates = (exact.keys.map { $0 } + templates.map(\.template.text)).filter {
            $0 != path && $0.hasSuffix(path)
        }
        if candidates.count == 1, let only = candidates.first { return "; did you mean '\(only)'?" }
        guard let isLikelyTypo else { return "" }
        let typed = Self.segments(path)
        let corrected = Set(
            (exact.keys.map(RouteTemplate.init) + templates.map(\.template)).compactMap {
                $0.correcting(typed, isLikelyTypo)
            })
        guard corrected.count == 1, let only = corrected.first else { return "" }
        return "; did you mean '\(only)'?"
    }

    /// The segments after the leading `/`. Split by scalars, not characters: a `/` followed by
    /// a combining scalar is one Character, and must still separate segments.
    private static func segments(_ path: String) -> [Substring] {
        path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { Substring($0) }
    }

    /// The segments of a still-encoded path, each decoded after splitting. The parser has
    /// decoded the whole path once already, so every segment decodes.
    private static func decodedSegments(_ rawPath: String) -> [Substring] {
        segments(rawPath).map { segment in
            let bytes = Array(segment.utf8)
            let decoded = bytes.withUnsafeBytes { PercentDecoding.decode($0[...], plusAsSpace: false) }
            return Substring(decoded ?? String(segment))
        }
    }

    private static func slashCount(_ path: String) -> Int {
        path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }

    private func choose(_ routes: [Route], template: String, parameters: RouteParameters, for request: HTTPRequest)
        -> Match
    {
        for route in routes where route.method == request.method {
            return .found(route, template: template, parameters)
        }
        if request.method == "HEAD" {
            for route in routes where route.method == "GET" { return .found(route, template: template, parameters) }
        }
        var methods = routes.map(\.method)
        if methods.contains("GET") && !methods.contains("HEAD") {
            methods.insert("HEAD", at: methods.firstIndex(of: "GET").map { $0 + 1 } ?? 0)
        }
        let allowed = methods.joined(separator: ", ")
        let detail = "method \(request.method) is not allowed on '\(request.path)' (allowed: \(allowed))"
        var response = HTTPProblem(status: 405, detail: detail).response()
        response.headers.append(name: "Allow", value: allowed)
        return .rejected(response, route: template)
    }
}
