import ListDiffHTTP
import ListDiffStore

extension ListDiffService {
    /// The request's caller, allowed to use `route` as its declared `access` says: the one
    /// place a token's sessions and scopes are checked, for every `/v1` route, once per request
    /// on its head (``CallerAuthentication``). An API key (or an open server) may use every
    /// route. A token for a session it does not name gets the 404 a missing session gets (the
    /// same as another owner's key: no signal that the session exists); a token without what
    /// the route needs, 403 `insufficient_scope`.
    func authorizedCaller(_ request: HTTPRequest, route: MatchedRoute, access: RouteAccess) throws(ServiceProblem)
        -> Caller
    {
        let caller = try credentials.caller(of: request, queryTokenAllowed: access.takesQueryToken)
        guard let grants = caller.grants else { return caller }
        if let session = route.parameters["session"], !grants.reaches(session: session) {
            throw ServiceProblem(StoreError.sessionNotFound(session), configuration: configuration)
        }
        switch access {
        case .read, .readWithQueryToken:
            try Self.require(.read, named: "read", of: grants, "this request needs a token with scope 'read'")
        case .write:
            try Self.require(.write, named: "write", of: grants, "this request needs a token with scope 'write'")
        case .diff:
            try Self.require(
                .diff, named: "diff", of: grants, "\(request.method) \(route.template) needs a token with scope 'diff'")
        case .sessionCreation:
            try Self.require(.write, named: "write", of: grants, "creating a session needs a token with scope 'write'")
            let reached = request.headers[Self.sessionNameHeader].map { grants.reaches(session: $0) }
            guard reached ?? grants.reachesEverySession else {
                throw Self.insufficientScope(
                    "creating a session needs a token whose sessions name it (or '*' for a server-chosen name)",
                    scope: nil)
            }
        case .apiKeyOnly(let detail):
            throw Self.insufficientScope(detail, scope: nil)
        }
        return caller
    }

    /// Nothing if `grants` has `scope` (called `name` in tokens), else 403 naming it.
    private static func require(
        _ scope: TokenGrants.Scopes, named name: String, of grants: TokenGrants, _ detail: String
    ) throws(ServiceProblem) {
        guard grants.scopes.contains(scope) else { throw insufficientScope(detail, scope: name) }
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
