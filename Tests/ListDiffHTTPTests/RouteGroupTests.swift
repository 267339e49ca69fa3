import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// A route group's middleware runs once per request, on the head: before the body is read when
/// one follows (a refusal then gets no `100 Continue`), with what the route declared for it to
/// check, and its handler gets the context it made.
@Suite(.ownThreads) struct RouteGroupTests {
    /// Counts its runs; admits a request with `X-Key`, its value the context.
    final class CountingKeyCheck: HTTPMiddleware, @unchecked Sendable {
        // Sendable argument: `runs` is only touched while holding `lock`.
        private let lock = NSLock()
        private var runs = 0

        var count: Int { lock.withLock { runs } }

        func admit(_ head: HTTPRequest, to route: MatchedRoute, requiring _: Void) -> HTTPAdmission<String> {
            lock.withLock { runs += 1 }
            guard let key = head.headers["X-Key"] else { return .refused(HTTPResponse(status: 401)) }
            return .admitted("\(key) \(route.template) \(route.parameters["id"] ?? "-")")
        }
    }

    static func with(_ body: (RawClient, CountingKeyCheck) throws -> Void) throws {
        let check = CountingKeyCheck()
        var group = RouteGroup("/v1", middleware: check)
        group.add("PUT", "/v1/things/{id}") { request, context in
            .response(.text("\(context) \(request.body.count)\n"))
        }
        group.add("GET", "/v1/things") { _, context in .response(.text("\(context)\n")) }
        var router = Router()
        router.mount(group)
        let server = HTTPServer(configuration: TestServer.configuration(), responder: router)
        try server.start()
        defer {
            server.shutdown(gracePeriod: 1)
            server.waitUntilStopped()
        }
        try body(RawClient(port: server.port), check)
    }

    @Test func theMiddlewareRunsOncePerRequestAndItsContextReachesTheHandler() throws {
        try Self.with { client, check in
            try client.send(
                "PUT /v1/things/7 HTTP/1.1\r\nHost: t\r\nX-Key: k\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            try client.send("abc")
            #expect(try client.readResponse().bodyText == "k /v1/things/{id} 7 3\n")
            #expect(check.count == 1, "on the head, not again at dispatch")
            #expect(try client.request("PUT", "/v1/things/8", body: "ab", headers: [("X-Key", "k")]).status == 200)
            #expect(try client.request("GET", "/v1/things", headers: [("X-Key", "j")]).bodyText == "j /v1/things -\n")
            #expect(check.count == 3)
        }
    }

    @Test func aRefusalOnTheHeadGetsNoOneHundredContinue() throws {
        try Self.with { client, check in
            try client.send("PUT /v1/things/7 HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 401 && answer.header("Connection") == "close")
            #expect(check.count == 1)
        }
    }

    /// Admits a request whose `X-Role` is the one its route requires.
    struct RoleCheck: HTTPMiddleware {
        func admit(_ head: HTTPRequest, to route: MatchedRoute, requiring role: String) -> HTTPAdmission<Void> {
            head.headers["X-Role"] == role ? .admitted(()) : .refused(HTTPResponse(status: 403))
        }
    }

    @Test func eachRouteDeclaresWhatItsMiddlewareChecksAndTheRouterListsIt() throws {
        var group = RouteGroup("/v1", middleware: RoleCheck())
        group.add("GET", "/v1/things/{id}", requiring: "reader") { _, _ in .response(.text("read\n")) }
        group.add("PUT", "/v1/things/{id}", requiring: "writer") { _, _ in .response(.text("put\n")) }
        var router = Router()
        router.get("/healthz") { _ in .text("ok\n") }
        router.mount(group)
        let listed = router.routes.map { "\($0.method) \($0.template) \($0.requirement.map { "\($0)" } ?? "none")" }
        #expect(listed == ["GET /healthz none", "GET /v1/things/{id} reader", "PUT /v1/things/{id} writer"])
        let server = HTTPServer(configuration: TestServer.configuration(), responder: router)
        try server.start()
        defer {
            server.shutdown(gracePeriod: 1)
            server.waitUntilStopped()
        }
        let client = try RawClient(port: server.port)
        #expect(try client.request("GET", "/v1/things/1", headers: [("X-Role", "reader")]).status == 200)
        #expect(try client.request("PUT", "/v1/things/1", body: "a", headers: [("X-Role", "reader")]).status == 403)
        #expect(try client.request("PUT", "/v1/things/1", body: "a", headers: [("X-Role", "writer")]).status == 200)
    }
}
