import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@Suite(.ownThreads) struct SessionEndpointTests {
    @Test func createListAndDeleteASession() throws {
        try TestService.with { service in
            let created = try service.request("POST", "/v1/sessions")
            #expect(created.status == 201)
            let name = try created.json()["session"] as? String ?? ""
            #expect(name.count == 32)
            #expect(created.header("Location") == "/v1/sessions/\(name)")
            #expect(
                try service.request("PUT", "/v1/sessions/\(name)/snapshots/feed", body: #"["a", "b"]"#).status == 201)
            let listing = try service.request("GET", "/v1/sessions/\(name)")
            #expect(listing.status == 200)
            let snapshots = try listing.json()["snapshots"] as? [[String: Any]] ?? []
            #expect(snapshots.count == 1)
            #expect(snapshots.first?["name"] as? String == "feed")
            #expect(snapshots.first?["items"] as? Int == 2)
            #expect(snapshots.first?["version"] as? String == service.version(1, of: #"["a", "b"]"#))
            #expect(try service.request("DELETE", "/v1/sessions/\(name)").status == 204)
            let gone = try service.request("GET", "/v1/sessions/\(name)")
            #expect(gone.status == 404)
            #expect(try gone.json()["type"] as? String == "urn:listdiff:problem:not-found")
        }
    }

    /// A missing session's answer says sessions are per API key only where there are keys.
    @Test func aMissingSessionsAnswerNamesAPIKeysOnlyWhenThereAreSome() throws {
        let path = "/v1/sessions/nosuch"
        let keyless = try TestService.with { service in try service.request("GET", path) }
        let keyed = try TestService.with(ServiceConfiguration(apiKeys: ["k"])) { service in
            try service.request("GET", path, headers: [("Authorization", "Bearer k")])
        }
        #expect(keyless.status == 404 && keyed.status == 404)
        let keylessDetail = (try? keyless.json()["detail"] as? String) ?? ""
        let keyedDetail = (try? keyed.json()["detail"] as? String) ?? ""
        #expect(keylessDetail == "no session 'nosuch' (sessions expire after 86400 s unused)")
        #expect(keyedDetail == "no session 'nosuch' (sessions are per API key, and expire after 86400 s unused)")
    }

    @Test func aShardingProxyMayNameTheNewSession() throws {
        try TestService.with { service in
            let named = try service.request(
                "POST", "/v1/sessions", headers: [("X-ListDiff-Session-Name", "0f1e2d3c4b5a69788796a5b4c3d2e1f0")])
            #expect(named.status == 201)
            #expect(named.header("Location") == "/v1/sessions/0f1e2d3c4b5a69788796a5b4c3d2e1f0")
            #expect(try service.request("GET", "/v1/sessions/0f1e2d3c4b5a69788796a5b4c3d2e1f0").status == 200)
            #expect(
                try service.request(
                    "POST", "/v1/sessions", headers: [("X-ListDiff-Session-Name", "0f1e2d3c4b5a69788796a5b4c3d2e1f0")]
                ).status == 409)
            #expect(
                try service.request("POST", "/v1/sessions", headers: [("X-ListDiff-Session-Name", "no spaces")]).status
                    == 400)
        }
    }

    @Test(arguments: [
        ("PUT", "/v1/sessions/bad%20name/snapshots/x", 400),
        ("PUT", "/v1/sessions/ok/snapshots/caf%C3%A9", 400),
        ("GET", "/v1/sessions/\(String(repeating: "n", count: 129))", 400),
        ("GET", "/v1/sessions/ok/snapshots/b%2Fad", 404)
    ])
    func badNamesGetProblems(method: String, path: String, status: Int) throws {
        try TestService.with { service in
            let response = try service.request(method, path, body: method == "PUT" ? "[]" : nil)
            #expect(response.status == status)
            #expect(response.header("Content-Type") == "application/problem+json")
            if status == 400 { #expect(try response.json()["type"] as? String == "urn:listdiff:problem:invalid-name") }
        }
    }
}
