import ListDiffHTTP
import ListDiffStore

extension ListDiffService {
    /// The request's caller, allowed to use `route` (a template) with `parameters`: the one
    /// place a token's sessions and scopes are checked, for every `/v1` route, once per request
    /// on its head (``CallerAuthentication``). An API key (or an open server)
    /// may use every route. A token for a session it does not name gets the 404 a missing
    /// session gets (the same as another owner's key: no signal that the session exists); a
    /// token without the scope a route needs, 403 `insufficient_scope`.
    func authorizedCaller(_ request: HTTPRequest, route: String, parameters: RouteParameters) throws(ServiceProblem)
        -> Caller
    {
        let caller = try credentials.caller(of: request, queryTokenAllowed: route == ServiceRequest.events)
        guard let grants = caller.grants else { return caller }
        let reading = request.method == "GET" || request.method == "HEAD"
        if let session = parameters["session"] {
            guard grants.reaches(session: session) else {
                throw ServiceProblem(StoreError.sessionNotFound(session), configuration: configuration)
            }
            if request.method == "DELETE", route == ServiceRequest.session {
                throw Self.insufficientScope(
                    "deleting a session takes an API key: a token's write scope deletes snapshots, never sessions",
                    scope: nil)
            }
            let needed: TokenGrants.Scopes = reading ? .read : .write
            guard grants.scopes.contains(needed) else {
                throw Self.insufficientScope(
                    "this request needs a token with scope '\(reading ? "read" : "write")'",
                    scope: reading ? "read" : "write")
            }
            return caller
        }
        switch (request.method, route) {
        case ("POST", "/v1/diff"):
            guard grants.scopes.contains(.diff) else {
                throw Self.insufficientScope("POST /v1/diff needs a token with scope 'diff'", scope: "diff")
            }
        case ("POST", "/v1/sessions"):
            guard grants.scopes.contains(.write) else {
                throw Self.insufficientScope("creating a session needs a token with scope 'write'", scope: "write")
            }
            let reached = request.headers[Self.sessionNameHeader].map { grants.reaches(session: $0) }
            guard reached ?? grants.reachesEverySession else {
                throw Self.insufficientScope(
                    "creating a session needs a token whose sessions name it (or '*' for a server-chosen name)",
                    scope: nil)
            }
        default:
            throw Self.insufficientScope("\(request.method) \(route) takes an API key, not a token", scope: nil)
        }
        return caller
    }

    /// 403 with `WWW-Authenticate: Bearer error="insufficient_scope"` (RFC 6750 §3.1), naming
    /// the scope needed when one would do.
    static func insufficientScope(_ detail: String, scope: String?) -> ServiceProblem {
        var problem = ServiceProblem(
            403, "insufficient-scope", title: "Insufficient scope", detail: detail,
            extensions: scope.map { [.init("scope", .string($0))] } ?? [])
        problem.headers.append(
            name: "WWW-Authenticate",
            value: "Bearer realm=\"listdiff\", error=\"insufficient_scope\""
                + (scope.map { ", scope=\"\($0)\"" } ?? ""))
        return problem
    }
}
