import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// Every `/v1` route declares where it is mounted what a token needs to use it
/// (``RouteAccess``), and tokens of each scope get on it what it declares: the route admits
/// them as it admits an API key, or refuses them 403 `insufficient_scope` naming the scope it
/// needs; a token in the query only where the route takes one.
@Suite(.ownThreads) struct RouteAccessTests {
    typealias F = TokenFixtures
    static let scopes = ["read", "write", "diff"]

    /// A `/v1` route mounted outside the group (or in a group whose middleware checks no
    /// access) would answer every caller: none may be.
    @Test func everyV1RouteDeclaresItsAccess() throws {
        try TestService.with(F.configuration) { service in
            let v1 = service.router.routes.filter(Self.isV1)
            #expect(v1.count > 1)
            for route in v1 {
                #expect(route.requirement is RouteAccess, "\(route.method) \(route.template) declares no access")
            }
            #expect(
                service.router.routes.filter { !Self.isV1($0) }.allSatisfy { $0.requirement == nil },
                "routes outside /v1 (probes, metrics) declare nothing")
        }
    }

    /// One request per route (HEAD with each GET) and scope, each with a token for every
    /// session of the API key's owner, so that only the scope decides.
    @Test func tokensOfEachScopeGetWhatTheRouteDeclares() throws {
        let tokens = try TokenMinter.mint(
            Self.scopes.map {
                TokenMinter.Token(kid: "a-hs", claims: "{\(F.claims(sessions: #""*""#, scope: $0))}", secret: F.secretA)
            })
        try TestService.with(F.configuration) { service in
            for route in service.router.routes where Self.isV1(route) {
                let access = try #require(route.requirement as? RouteAccess)
                for method in route.method == "GET" ? ["GET", "HEAD"] : [route.method] {
                    let (target, body) = (Self.target(route.template), Self.body(route.method))
                    let byKey = try service.request(method, target, body: body, headers: F.alpha)
                    for (scope, token) in zip(Self.scopes, tokens) {
                        let answer = try service.request(method, target, body: body, headers: F.bearer(token))
                        Self.check(answer, against: byKey, Self.expected(access, scope), "\(method) \(target) \(scope)")
                    }
                    // The read token, in the query.
                    let byQuery = try service.request(method, target + "?access_token=\(tokens[0])", body: body)
                    if access.takesQueryToken {
                        Self.check(byQuery, against: byKey, .admitted, "\(method) \(target) access_token")
                    } else {
                        #expect(byQuery.status == 400, "\(method) \(target) access_token")
                        #expect(
                            byQuery.header("WWW-Authenticate") == #"Bearer realm="listdiff", error="invalid_request""#)
                    }
                }
            }
        }
    }

    enum Expected: Equatable {
        case admitted
        /// 403 `insufficient_scope`, naming `scope` when one would do.
        case refused(scope: String?)
    }

    /// What a token with `scope` gets on a route declaring `access`: `write` implies `read`;
    /// no scope reaches a route for API keys only.
    static func expected(_ access: RouteAccess, _ scope: String) -> Expected {
        switch access {
        case .read, .readWithQueryToken: scope == "diff" ? .refused(scope: "read") : .admitted
        case .write, .sessionCreation: scope == "write" ? .admitted : .refused(scope: "write")
        case .diff: scope == "diff" ? .admitted : .refused(scope: "diff")
        case .apiKeyOnly: .refused(scope: nil)
        }
    }

    /// An admitted request is answered as the API key's is (the handler's answer, whatever it
    /// is); a refused one 403 with the challenge and the problem that name what it needs.
    static func check(
        _ answer: RawClient.Response, against byKey: RawClient.Response, _ expected: Expected, _ what: String
    ) {
        switch expected {
        case .admitted:
            #expect(answer.status == byKey.status && answer.status != 401 && answer.status != 403, "\(what)")
            #expect(answer.header("WWW-Authenticate") == nil, "\(what)")
            #expect(problemType(answer) == problemType(byKey), "\(what)")
        case .refused(let scope):
            #expect(answer.status == 403, "\(what)")
            #expect(answer.header("WWW-Authenticate") == TokenAccessTests.insufficient(scope), "\(what)")
            #expect(byKey.status != 403, "\(what): the API key is admitted")
            if !answer.body.isEmpty {
                #expect(problemType(answer) == "urn:listdiff:problem:insufficient-scope", "\(what)")
            }
        }
    }

    static func problemType(_ response: RawClient.Response) -> String? {
        (try? response.json())?["type"] as? String
    }

    static func isV1(_ route: MountedRoute) -> Bool {
        route.template == "/v1" || route.template.hasPrefix("/v1/")
    }

    /// The route's path with a session and a snapshot that do not exist: nothing the requests
    /// do changes what the next one gets.
    static func target(_ template: String) -> String {
        template.replacing("{session}", with: "user-42-a").replacing("{name}", with: "x")
    }

    /// A body no route takes, where one may come.
    static func body(_ method: String) -> String? {
        method == "PUT" || method == "POST" ? "not json" : nil
    }
}
