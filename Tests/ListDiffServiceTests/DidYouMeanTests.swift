import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// A mistake's problem names what was probably meant: a query parameter, an operation or a
/// member one typo away from a known one, and a body sent as another media type than JSON.
@Suite(.ownThreads) struct DidYouMeanTests {
    static func detail(_ answer: RawClient.Response) throws -> String {
        try answer.json()["detail"] as? String ?? ""
    }

    @Test func aMistypedQueryParameterNamesTheOneMeant() throws {
        try TestService.with { (service: TestService) throws in
            let answer = try service.request("GET", "/v1/sessions/s/snapshots/feed/changes?since=x.1&wiat=3")
            #expect(answer.status == 400)
            #expect(try Self.detail(answer).contains("query parameter 'wiat' is unknown (did you mean 'wait'?)"))
            let unrelated = try service.request("GET", "/v1/sessions/s/snapshots/feed/changes?since=x.1&verbose=1")
            #expect(try !Self.detail(unrelated).contains("did you mean"), "no guess for another word")
        }
    }

    @Test func aMistypedOperationNamesTheOneMeant() throws {
        try TestService.with { (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/feed", body: #"["a", "b"]"#).status == 201)
            let answer = try service.request(
                "POST", "/v1/sessions/s/snapshots/feed/operations",
                body: #"{"operations": [{"op": "deleteItem", "items": ["a"]}]}"#)
            #expect(answer.status == 400)
            #expect(
                try Self.detail(answer).contains(#"the unknown operation "deleteItem" (did you mean "deleteItems"?)"#))
        }
    }

    /// Near-miss paths name the route meant, with the caller's own session and snapshot names.
    @Test func aMistypedPathNamesTheRouteMeant() throws {
        try TestService.with { (service: TestService) throws in
            let cases = [
                ("POST", "/v1/dif", "/v1/diff"), ("POST", "/v1/diffs", "/v1/diff"),
                ("GET", "/v1/session/x", "/v1/sessions/x"),
                ("GET", "/v1/sessions/x/snapshot/feed", "/v1/sessions/x/snapshots/feed"),
                ("GET", "/v1/sessions/x/snapshots/feed/change", "/v1/sessions/x/snapshots/feed/changes")
            ]
            for (method, path, meant) in cases {
                let answer = try service.request(method, path)
                #expect(answer.status == 404, "\(path)")
                #expect(try Self.detail(answer).contains("did you mean '\(meant)'?"), "\(path)")
            }
            let unrelated = try service.request("GET", "/v1/sessions/x/rainbows/feed")
            #expect(try !Self.detail(unrelated).contains("did you mean"), "no guess for another word")
        }
    }

    @Test func aMistypedMemberNamesTheOneMeant() throws {
        try TestService.with { (service: TestService) throws in
            let answer = try service.request("POST", "/v1/diff", body: #"{"old": ["a"], "nwe": ["b"]}"#)
            #expect(answer.status == 400)
            #expect(try Self.detail(answer).contains(#"an unknown member "nwe" (did you mean "new"?)"#))
        }
    }

    @Test func aBodyOfAnotherMediaTypeIsToldSo() throws {
        try TestService.with { (service: TestService) throws in
            let xml = try service.request(
                "POST", "/v1/diff", body: "<diff><old>a</old></diff>", headers: [("Content-Type", "application/xml")])
            #expect(xml.status == 400)
            #expect(try xml.json()["title"] as? String == "Malformed JSON")
            #expect(
                try Self.detail(xml).contains(
                    "; the request's Content-Type is 'application/xml' and its body is not JSON: send JSON, as application/json"
                ))
            #expect(try !Self.detail(xml).contains(".;"))
            // JSON with a slip in it, as `curl -d` sends it (a form): the slip is the news, not the type.
            let form = try service.request(
                "POST", "/v1/diff", body: #"{"old": ["a"], "new": ["b",]}"#,
                headers: [("Content-Type", "application/x-www-form-urlencoded")])
            #expect(form.status == 400)
            #expect(try !Self.detail(form).contains("Content-Type"), "a JSON body with a trailing comma")
            for type in ["application/json", "application/json; charset=utf-8", "application/merge-patch+json"] {
                let json = try service.request("POST", "/v1/diff", body: "<diff/>", headers: [("Content-Type", type)])
                #expect(json.status == 400)
                #expect(try !Self.detail(json).contains("Content-Type"), "\(type) is JSON: the body is what is wrong")
            }
        }
    }
}
