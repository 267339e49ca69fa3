/// Routes by exact method and decoded path. Unknown paths get a 404 problem, known paths with
/// another method a 405 problem with `Allow`; HEAD falls back to the GET handler (the
/// transport drops the body). Lookup is one dictionary probe by path plus a scan of that
/// path's few methods.
public struct Router: HTTPResponder {
    private var routes: [String: [(method: String, handler: HTTPHandler)]] = [:]

    public init() {}

    /// Mounts `handler` for `method` and `path`; a later registration of the same pair wins.
    public mutating func add(_ method: String, _ path: String, _ handler: HTTPHandler) {
        var entries = routes[path, default: []]
        entries.removeAll { $0.method == method }
        entries.append((method, handler))
        routes[path] = entries
    }

    /// Mounts `respond` for `method` and `path`; a later registration of the same pair wins.
    public mutating func add(_ method: String, _ path: String, cost: HandlerCost = .cheap,
                             _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        add(method, path, HTTPHandler(cost: cost, respond))
    }

    public mutating func get(_ path: String, cost: HandlerCost = .cheap, _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        add("GET", path, cost: cost, respond)
    }

    public mutating func post(_ path: String, cost: HandlerCost = .cheap, _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        add("POST", path, cost: cost, respond)
    }

    public func handler(for request: HTTPRequest) -> HTTPHandler {
        switch match(request) {
        case .found(let handler): return handler
        case .rejected(let response): return HTTPHandler { _ in response }
        }
    }

    public func responseBeforeBody(to head: HTTPRequest) -> HTTPResponse? {
        if case .rejected(let response) = match(head) { return response }
        return nil
    }

    private enum Match {
        case found(HTTPHandler)
        case rejected(HTTPResponse)
    }

    private func match(_ request: HTTPRequest) -> Match {
        guard let entries = routes[request.path] else {
            return .rejected(HTTPProblem(status: 404, detail: "no resource at path '\(request.path)'").response())
        }
        for entry in entries where entry.method == request.method { return .found(entry.handler) }
        if request.method == "HEAD" {
            for entry in entries where entry.method == "GET" { return .found(entry.handler) }
        }
        let allowed = entries.map(\.method).joined(separator: ", ")
        let detail = "method \(request.method) is not allowed on '\(request.path)' (allowed: \(allowed))"
        var response = HTTPProblem(status: 405, detail: detail).response()
        response.headers.append(name: "Allow", value: allowed)
        return .rejected(response)
    }
}
