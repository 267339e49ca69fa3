import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

@Suite(.ownThreads) struct RouterTests {
    static func request(_ method: String, _ path: String) -> HTTPRequest {
        HTTPRequest(method: method, target: path, path: path)
    }

    static func answer(_ handler: HTTPHandler, _ request: HTTPRequest) -> HTTPResponse? {
        if case .response(let response) = handler.handle(request) { return response }
        return nil
    }

    @Test func routesByMethodAndPathWithHeadFallbackAnd404And405() {
        var router = Router()
        router.get("/a") { _ in .text("get a") }
        router.post("/a", cost: .heavy) { _ in .text("post a") }
        #expect(router.resolve(Self.request("GET", "/a")).cost == .cheap)
        #expect(router.resolve(Self.request("POST", "/a")).cost == .heavy)
        #expect(
            Self.answer(router.resolve(Self.request("HEAD", "/a")), Self.request("HEAD", "/a"))?.body
                == Array("get a".utf8))
        let missing = Self.answer(router.resolve(Self.request("GET", "/b")), Self.request("GET", "/b"))
        #expect(missing?.status == 404)
        #expect(missing?.headers["Content-Type"] == "application/problem+json")
        let wrongMethod = Self.answer(router.resolve(Self.request("DELETE", "/a")), Self.request("DELETE", "/a"))
        #expect(wrongMethod?.status == 405)
        #expect(wrongMethod?.headers["Allow"] == "GET, HEAD, POST")
    }

    @Test func templatesCaptureSegmentsAndNameTheirRoute() {
        var router = Router()
        router.add("GET", "/v1/sessions/{session}/snapshots/{name}") { _, parameters in
            .response(.text("\(parameters["session"] ?? "-") \(parameters["name"] ?? "-")"))
        }
        router.add("DELETE", "/v1/sessions/{session}") { _, parameters in .response(.text(parameters["session"] ?? "-"))
        }
        router.get("/v1/sessions/list") { _ in .text("exact") }
        let request = Self.request("GET", "/v1/sessions/s1/snapshots/feed")
        let handler = router.resolve(request)
        #expect(handler.route == "/v1/sessions/{session}/snapshots/{name}")
        #expect(Self.answer(handler, request).map { String(decoding: $0.body, as: UTF8.self) } == "s1 feed")
        #expect(
            Self.answer(
                router.resolve(Self.request("GET", "/v1/sessions/list")), Self.request("GET", "/v1/sessions/list")
            ).map { String(decoding: $0.body, as: UTF8.self) } == "exact")
        #expect(router.resolve(Self.request("GET", "/v1/sessions//snapshots/feed")).route == Router.unmatchedRoute)
        #expect(
            router.resolve(Self.request("GET", "/v1/sessions/s1/snapshots/feed/x")).route == Router.unmatchedRoute)
        let wrongMethod = Self.answer(
            router.resolve(Self.request("GET", "/v1/sessions/s1")), Self.request("GET", "/v1/sessions/s1"))
        #expect(wrongMethod?.status == 405)
        #expect(wrongMethod?.headers["Allow"] == "DELETE")
    }

    /// Found by the contract test: a segment starting with a combining scalar fused with the
    /// `/` before it into one Character, and the path matched no template.
    @Test func segmentsSplitAtEverySlashScalar() {
        var router = Router()
        router.add("GET", "/v1/sessions/{session}/snapshots/{name}") { _, parameters in
            .response(.text(parameters["session"] ?? "-"))
        }
        let path = "/v1/sessions/\u{E0133}x/snapshots/\u{301}feed"
        let handler = router.resolve(Self.request("GET", path))
        #expect(handler.route == "/v1/sessions/{session}/snapshots/{name}")
        #expect(
            Self.answer(handler, Self.request("GET", path)).map { String(decoding: $0.body, as: UTF8.self) }
                == "\u{E0133}x")
    }

    @Test func refusesBodiesForUnknownRoutesBeforeTheyAreSent() {
        var router = Router()
        router.post("/a") { _ in .text("post a") }
        #expect(router.resolve(Self.request("POST", "/a")).refusal == nil)
        #expect(router.resolve(Self.request("POST", "/b")).refusal?.status == 404)
        #expect(router.resolve(Self.request("PUT", "/a")).refusal?.status == 405)
    }

    /// A mistyped fixed segment is corrected against every route, the path's own parameters
    /// kept, by the typo judge the application names; two routes that fit give no guess, and
    /// without a judge there is none.
    @Test func aMistypedSegmentIsSuggestedByTheApplicationsTypoJudge() {
        var router = Router()
        router.post("/v1/diff") { _ in .text("diff") }
        router.add("GET", "/v1/sessions/{session}") { _, _ in .response(.text("session")) }
        router.add("GET", "/v1/sessions/{session}/snapshots/{name}") { _, _ in .response(.text("snapshot")) }
        router.add("GET", "/v1/sessions/{session}/snapshots/{name}/changes") { _, _ in .response(.text("changes")) }
        router.add("GET", "/v1/sessions/{session}/snapshots/{name}/chunks") { _, _ in .response(.text("chunks")) }
        func detail(_ path: String, _ router: Router) -> String {
            let request = Self.request("GET", path)
            return String(decoding: Self.answer(router.resolve(request), request)?.body ?? [], as: UTF8.self)
        }
        #expect(!detail("/v1/session/x", router).contains("did you mean"), "no judge, no guess")
        router.isLikelyTypo = { typed, known in typed.count + 1 == known.count && known.hasPrefix(typed) }
        #expect(detail("/v1/dif", router).contains("did you mean '/v1/diff'?"))
        #expect(detail("/v1/session/x", router).contains("did you mean '/v1/sessions/x'?"))
        #expect(
            detail("/v1/sessions/s/snapshot/feed", router).contains("did you mean '/v1/sessions/s/snapshots/feed'?"))
        #expect(!detail("/v1/sessions/s/snapshots/feed/c", router).contains("did you mean"), "two routes fit")
        #expect(!detail("/v2/diff", router).contains("did you mean"), "not a typo the judge names")
    }

    /// A newcomer's `POST /diff` hears where the route is; a wrong method is counted under the
    /// route it reached, not as unmatched.
    @Test func aMissingPrefixIsSuggestedAndA405KeepsItsRoute() {
        var router = Router()
        router.post("/v1/diff") { _ in .text("diff") }
        router.add("GET", "/v1/sessions/{session}") { _, _ in .response(.text("session")) }
        let missing = Self.answer(router.resolve(Self.request("POST", "/diff")), Self.request("POST", "/diff"))
        let missingDetail = String(decoding: missing?.body ?? [], as: UTF8.self)
        #expect(missingDetail.contains("did you mean '/v1/diff'?"))
        let nowhere = Self.answer(router.resolve(Self.request("GET", "/nowhere")), Self.request("GET", "/nowhere"))
        let nowhereDetail = String(decoding: nowhere?.body ?? [], as: UTF8.self)
        #expect(!nowhereDetail.contains("did you mean"))
        #expect(router.resolve(Self.request("GET", "/v1/diff")).route == "/v1/diff")
        #expect(router.resolve(Self.request("PUT", "/v1/sessions/s")).route == "/v1/sessions/{session}")
        #expect(router.resolve(Self.request("GET", "/nowhere")).route == Router.unmatchedRoute)
    }
}
