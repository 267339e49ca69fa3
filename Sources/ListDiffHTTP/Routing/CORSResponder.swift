/// A ``Router`` that browsers may call from the origins a ``CORSPolicy`` allows: a preflight
/// (`OPTIONS` with `Access-Control-Request-Method`) is answered 204 with the methods the path
/// has and the headers the policy allows, without reaching a handler (browsers send no
/// credentials on preflights); every other answer to an allowed origin — a handler's, a
/// deferred one's, a stream's head, a refusal before the body — names the origin and the
/// headers its script may read. Requests from other origins, or without one, pass through
/// unchanged, so a browser refuses them to the page; other clients never send `Origin`.
public struct CORSResponder: HTTPResponder {
    public let router: Router
    public let policy: CORSPolicy

    public init(router: Router, policy: CORSPolicy) {
        self.router = router
        self.policy = policy
    }

    public func resolve(_ request: HTTPRequest) -> HTTPHandler {
        guard let origin = request.headers["Origin"], policy.applies(origin: origin, path: request.path) else {
            return router.resolve(request)
        }
        if request.method == "OPTIONS", request.headers["Access-Control-Request-Method"] != nil,
            let methods = router.methods(at: request)
        {
            var handler = HTTPHandler { _ in preflight(origin: origin, methods: methods) }
            handler.route = router.resolve(request).route
            return handler
        }
        let inner = router.resolve(request)
        let added = headers(origin: origin)
        var handler = HTTPHandler(
            cost: inner.cost,
            deferring: { request in
                switch inner.handle(request) {
                case .response(var response):
                    response.headers.append(contentsOf: added)
                    return .response(response)
                case .deferred(let deferred):
                    deferred.addHeaders(added)
                    return .deferred(deferred)
                case .stream(let stream):
                    stream.addHeaders(added)
                    return .stream(stream)
                }
            })
        handler.route = inner.route
        handler.refusal = inner.refusal.map { refusal in
            var named = refusal
            named.headers.append(contentsOf: added)
            return named
        }
        handler.queueBound = inner.queueBound.map { bound in
            HTTPQueueBound(limit: bound.limit) { request in
                var refusal = bound.refusal(request)
                refusal.headers.append(contentsOf: added)
                return refusal
            }
        }
        return handler
    }

    private func preflight(origin: String, methods: [String]) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.append(name: "Access-Control-Allow-Origin", value: origin)
        headers.append(name: "Access-Control-Allow-Methods", value: methods.joined(separator: ", "))
        headers.append(name: "Access-Control-Allow-Headers", value: policy.allowedHeaders.joined(separator: ", "))
        headers.append(name: "Access-Control-Max-Age", value: String(policy.maxAgeSeconds))
        headers.append(name: "Vary", value: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers")
        return HTTPResponse(status: 204, headers: headers)
    }

    /// Named, not `*`, even when every origin is allowed: a cache then keeps one answer per origin.
    private func headers(origin: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.append(name: "Access-Control-Allow-Origin", value: origin)
        if !policy.exposedHeaders.isEmpty {
            headers.append(name: "Access-Control-Expose-Headers", value: policy.exposedHeaders.joined(separator: ", "))
        }
        headers.append(name: "Vary", value: "Origin")
        return headers
    }
}
