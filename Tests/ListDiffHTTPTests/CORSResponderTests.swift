import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// CORS over real sockets: preflights, and the origin named on every kind of answer (now,
/// deferred, timed out, refused before the body) to an allowed origin, and on nothing else.
@Suite(.ownThreads) struct CORSResponderTests {
    static let app = "https://app.example"

    static func responder() -> CORSResponder {
        var router = Router()
        router.get("/healthz") { _ in .text("ok\n") }
        var things = RouteGroup("/v1", middleware: KeyCheck())
        things.add("GET", "/v1/things/{id}") { _, _ in .response(.text("thing\n")) }
        things.add("PUT", "/v1/things/{id}") { _, _ in .response(.text("put\n")) }
        router.mount(things)
        router.add(
            "GET", "/v1/later",
            HTTPHandler(deferring: { request in
                let deferred = HTTPDeferredResponse(timeout: Double(request.queryValue("timeout") ?? "5") ?? 5) {
                    .text("timed out\n", status: 504)
                }
                if request.queryValue("now") != nil {
                    deferred.complete(.text("at once\n"))
                } else if request.queryValue("timeout") == nil {
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                        deferred.complete(.text("later\n"))
                    }
                }
                return .deferred(deferred)
            }))
        return CORSResponder(
            router: router,
            policy: CORSPolicy(
                allowedOrigins: [app], pathPrefix: "/v1/", allowedHeaders: ["Authorization", "If-Match"],
                exposedHeaders: ["ETag"]))
    }

    static func with(_ body: (RawClient) throws -> Void) throws {
        let server = HTTPServer(configuration: TestServer.configuration(), responder: responder())
        try server.start()
        defer {
            server.shutdown(gracePeriod: 1)
            server.waitUntilStopped()
        }
        try body(RawClient(port: server.port))
    }

    @Test func aPreflightFromAnAllowedOriginNamesThePathsMethodsAndTheHeaders() throws {
        try Self.with { client in
            let answer = try client.request(
                "OPTIONS", "/v1/things/7",
                headers: [
                    ("Origin", Self.app), ("Access-Control-Request-Method", "PUT"),
                    ("Access-Control-Request-Headers", "if-match")
                ])
            #expect(answer.status == 204)
            #expect(answer.header("Access-Control-Allow-Origin") == Self.app)
            #expect(answer.header("Access-Control-Allow-Methods") == "GET, HEAD, PUT")
            #expect(answer.header("Access-Control-Allow-Headers") == "Authorization, If-Match")
            #expect(answer.header("Access-Control-Max-Age") == "600")
            #expect(answer.header("Vary")?.contains("Origin") == true)
            let elsewhere = try client.request(
                "OPTIONS", "/v1/things/7",
                headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "PUT")])
            #expect(
                elsewhere.status == 405 && elsewhere.header("Access-Control-Allow-Origin") == nil,
                "another origin gets the router's own answer")
            let nowhere = try client.request(
                "OPTIONS", "/v1/nothing", headers: [("Origin", Self.app), ("Access-Control-Request-Method", "GET")])
            #expect(nowhere.status == 404)
        }
    }

    @Test func everyAnswerToAnAllowedOriginNamesIt() throws {
        try Self.with { client in
            let origin = [("Origin", Self.app), ("X-Key", "k")]
            for target in ["/v1/things/7", "/v1/later", "/v1/later?now=1", "/v1/later?timeout=0.1"] {
                let answer = try client.request("GET", target, headers: origin)
                #expect(answer.header("Access-Control-Allow-Origin") == Self.app, "\(target): \(answer.status)")
                #expect(
                    answer.header("Access-Control-Expose-Headers") == "ETag" && answer.header("Vary") == "Origin",
                    "\(target)")
            }
            #expect(try client.request("GET", "/v1/later?timeout=0.1", headers: origin).status == 504)
            // Only the head, asking to continue: the refusal comes before any body is sent.
            try client.send(
                "PUT /v1/things/7 HTTP/1.1\r\nHost: test\r\nOrigin: \(Self.app)\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n"
            )
            let refused = try client.readResponse()
            #expect(
                refused.status == 401 && refused.header("Access-Control-Allow-Origin") == Self.app,
                "a refusal before the body is readable too: \(refused.status) \(refused.bodyText)")
        }
    }

    @Test func otherOriginsOtherPathsAndNoOriginGetNothing() throws {
        try Self.with { client in
            let answers = try [
                client.request("GET", "/v1/things/7", headers: [("Origin", "https://evil.example"), ("X-Key", "k")]),
                client.request("GET", "/v1/things/7", headers: [("X-Key", "k")]),
                client.request("GET", "/healthz", headers: [("Origin", Self.app)])
            ]
            for answer in answers {
                #expect(answer.status == 200 && answer.header("Access-Control-Allow-Origin") == nil)
            }
        }
    }

    /// Refuses a request without `X-Key` on its head.
    struct KeyCheck: HTTPMiddleware {
        func admit(_ head: HTTPRequest, to route: MatchedRoute, requiring _: Void) -> HTTPAdmission<Void> {
            head.headers["X-Key"] == nil
                ? .refused(HTTPResponse(status: 401, headers: ["WWW-Authenticate": "Bearer"])) : .admitted(())
        }
    }
}
