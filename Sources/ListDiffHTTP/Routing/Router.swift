/// Routes by method and decoded path: exact paths (`/healthz`) with one dictionary probe, and
/// templates (`/v1/sessions/{session}`) by matching segment by segment, in the order added.
/// Unknown paths get a 404 problem, known paths with another method a 405 problem with
/// `Allow`; HEAD falls back to the GET handler (the transport drops the body). Every handler
/// carries its route template (never the raw path) for logs and metrics.
public struct Router: HTTPResponder {
    /// The route named by handlers of requests that matched no route.
    public static let unmatchedRoute = "unmatched"

    private struct Route {
        enum Answer {
            /// An exact path's handler, built once, so answering it allocates nothing.
            case handler(HTTPHandler)
            /// A template's handler, given the parameters of each matching path.
            case template(
                cost: HandlerCost, queueBound: HTTPQueueBound?,
                handle: @Sendable (HTTPRequest, RouteParameters) -> HTTPHandlerResult)
        }

        var method: String
        var answer: Answer
    }

    private var exact: [String: [Route]] = [:]
    private var templates: [(template: RouteTemplate, routes: [Route])] = []
    private var headChecks:
        [(prefix: String, check: @Sendable (HTTPRequest, _ route: String, RouteParameters) -> HTTPResponse?)] = []

    public init() {}

    /// Mounts `handle` for `method` and `path` (a template if it has `{name}` segments); a
    /// later registration of the same pair wins. `queueBound` bounds the worker queue a
    /// request of the route joins (see ``HTTPHandler/queueBound``).
    public mutating func add(
        _ method: String, _ path: String, cost: HandlerCost = .cheap, queueBound: HTTPQueueBound? = nil,
        _ handle: @escaping @Sendable (HTTPRequest, RouteParameters) -> HTTPHandlerResult
    ) {
        let template = RouteTemplate(path)
        guard template.hasParameters else {
            var handler = HTTPHandler(cost: cost, deferring: { handle($0, RouteParameters()) })
            handler.queueBound = queueBound
            add(method, path, handler)
            return
        }
        let route = Route(method: method, answer: .template(cost: cost, queueBound: queueBound, handle: handle))
        if let index = templates.firstIndex(where: { $0.template.text == path }) {
            templates[index].routes.removeAll { $0.method == method }
            templates[index].routes.append(route)
        } else {
            templates.append((template, [route]))
        }
    }

    /// Mounts `handler` for `method` and the exact `path`.
    public mutating func add(_ method: String, _ path: String, _ handler: HTTPHandler) {
        var named = handler
        named.route = path
        var routes = exact[path, default: []]
        routes.removeAll { $0.method == method }
        routes.append(Route(method: method, answer: .handler(named)))
        exact[path] = routes
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

    public func handler(for request: HTTPRequest) -> HTTPHandler {
        switch match(request) {
        case .found(let route, let template, let parameters):
            switch route.answer {
            case .handler(let handler):
                return handler
            case .template(let cost, let queueBound, let handle):
                var handler = HTTPHandler(cost: cost, deferring: { handle($0, parameters) })
                handler.route = template
                handler.queueBound = queueBound
                return handler
            }
        case .rejected(let response, let route):
            var handler = HTTPHandler { _ in response }
            handler.route = route
            return handler
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

    /// Adds a check of the heads of requests whose route template starts with `prefix` (an
    /// API key, say). ``responseBeforeBody(to:)`` runs it once the route matched and before
    /// any body is read: a response refuses the request, which then costs no body and gets
    /// no `100 Continue`. Handlers still see only what passes their own checks.
    public mutating func checkHeads(under prefix: String, _ check: @escaping @Sendable (HTTPRequest) -> HTTPResponse?) {
        headChecks.append((prefix, { head, _, _ in check(head) }))
    }

    /// As ``checkHeads(under:_:)-(_,(HTTPRequest)->HTTPResponse?)``, the check also given the
    /// matched route template and its parameters (what a request may reach can depend on them).
    public mutating func checkHeads(
        under prefix: String,
        _ check: @escaping @Sendable (HTTPRequest, _ route: String, RouteParameters) -> HTTPResponse?
    ) {
        headChecks.append((prefix, check))
    }

    public func responseBeforeBody(to head: HTTPRequest) -> HTTPResponse? {
        switch match(head) {
        case .rejected(let response, _):
            return response
        case .found(_, let template, let parameters):
            for (prefix, check) in headChecks where template.hasPrefix(prefix) {
                if let refusal = check(head, template, parameters) { return refusal }
            }
            return nil
        }
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
    /// (a client that left out a prefix); empty otherwise. O(routes), on 404s only.
    private func suggestion(for path: String) -> String {
        guard path.count > 1 else { return "" }
        let candidates = (exact.keys.map { $0 } + templates.map(\.template.text)).filter {
            $0 != path && $0.hasSuffix(path)
        }
        guard candidates.count == 1, let only = candidates.first else { return "" }
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
