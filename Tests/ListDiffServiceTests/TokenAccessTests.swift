import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// What a valid token reaches: its owner's sessions that it names, with the scopes it names;
/// everything else is the 404 of another owner's key, or 403 `insufficient_scope`.
@Suite(.ownThreads) struct TokenAccessTests {
    typealias F = TokenFixtures

    static func insufficient(_ scope: String?) -> String {
        #"Bearer realm="listdiff", error="insufficient_scope""# + (scope.map { #", scope="\#($0)""# } ?? "")
    }

    @Test func aTokenForOtherSessionsGetsTheForeignKeys404() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            let created = try service.request("PUT", "/v1/sessions/user-43/snapshots/x", body: "[]", headers: F.alpha)
            #expect(created.status == 201)
            let version = try created.json()["to"] as? String ?? ""
            let token = try F.tokenA(sessions: #""user-42-*", "lobby""#, scope: "write")
            for (method, path) in [
                ("GET", "/v1/sessions/user-43/snapshots/x"), ("GET", "/v1/sessions/user-43"),
                ("GET", "/v1/sessions/user-43/snapshots/x/changes?since=\(version)"),
                ("DELETE", "/v1/sessions/user-43/snapshots/x")
            ] {
                let byToken = try service.request(method, path, headers: F.bearer(token))
                let byForeignKey = try service.request(method, path, headers: F.beta)
                #expect(byToken.status == 404)
                #expect(byToken.bodyText == byForeignKey.bodyText, "\(method) \(path)")
            }
            let write = try service.request(
                "PUT", "/v1/sessions/user-43/snapshots/x", body: #"["b"]"#, headers: F.bearer(token))
            #expect(write.status == 404)
            #expect(
                try service.request("GET", "/v1/sessions/user-43/snapshots/x", headers: F.alpha).member("snapshot")
                    == "[]")
            // A prefix reaches what starts with it, and only that; a name only itself.
            #expect(
                try service.request("PUT", "/v1/sessions/user-42-b/snapshots/x", body: "[]", headers: F.bearer(token))
                    .status == 201)
            #expect(
                try service.request("PUT", "/v1/sessions/lobby/snapshots/x", body: "[]", headers: F.bearer(token))
                    .status == 201)
            #expect(
                try service.request("PUT", "/v1/sessions/lobby2/snapshots/x", body: "[]", headers: F.bearer(token))
                    .status == 404)
            #expect(
                try service.request("PUT", "/v1/sessions/user-42/snapshots/x", body: "[]", headers: F.bearer(token))
                    .status == 404)
        }
    }

    @Test func theKeyDecidesTheOwner() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            #expect(
                try service.request("PUT", "/v1/sessions/shared/snapshots/x", body: #"["a"]"#, headers: F.alpha).status
                    == 201)
            // tenant-b's key, a token for every session: tenant-a's session is not among its owner's.
            let tokenB = try TokenMinter.mint(
                kid: "b-hs", secret: F.secretB, F.claims(sessions: #""*""#, scope: "write"))
            #expect(
                try service.request("GET", "/v1/sessions/shared/snapshots/x", headers: F.bearer(tokenB)).status == 404)
            #expect(
                try service.request(
                    "PUT", "/v1/sessions/shared/snapshots/x", body: #"["b"]"#, headers: F.bearer(tokenB)
                ).status == 201)
            #expect(
                try service.request("GET", "/v1/sessions/shared/snapshots/x", headers: F.alpha).member("snapshot")
                    == #"["a"]"#)
            #expect(
                try service.request("GET", "/v1/sessions/shared/snapshots/x", headers: F.beta).member("snapshot")
                    == #"["b"]"#)
            // A claim naming an owner changes nothing: the key decides.
            let claimsOwner = try TokenMinter.mint(
                kid: "b-hs", secret: F.secretB, F.claims(sessions: #""*""#, scope: "read", #""owner": 1, "sub": "1""#))
            #expect(
                try service.request("GET", "/v1/sessions/shared/snapshots/x", headers: F.bearer(claimsOwner)).member(
                    "snapshot") == #"["b"]"#)
        }
    }

    @Test func scopesGateEachRoute() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            let path = "/v1/sessions/user-42-a/snapshots/x"
            #expect(try service.request("PUT", path, body: #"["a"]"#, headers: F.alpha).status == 201)
            let read = try F.tokenA(scope: "read")
            let write = try F.tokenA(scope: "write")
            let diff = try F.tokenA(scope: "diff")
            let needsWrite = (403, Self.insufficient("write"), "urn:listdiff:problem:insufficient-scope")
            #expect(try F.refusal(service.request("PUT", path, body: #"["b"]"#, headers: F.bearer(read))) == needsWrite)
            #expect(
                try F.refusal(
                    service.request("POST", path + "/operations", body: #"{"operations": []}"#, headers: F.bearer(read))
                )
                    == needsWrite)
            #expect(try F.refusal(service.request("DELETE", path, headers: F.bearer(read))) == needsWrite)
            #expect(try F.refusal(service.request("GET", path, headers: F.bearer(diff))).status == 403)
            #expect(
                try F.refusal(
                    service.request("POST", "/v1/diff", body: #"{"old": [], "new": []}"#, headers: F.bearer(write)))
                    == (403, Self.insufficient("diff"), "urn:listdiff:problem:insufficient-scope"))
            #expect(
                try service.request("POST", "/v1/diff", body: #"{"old": [], "new": ["a"]}"#, headers: F.bearer(diff))
                    .status == 200)
            // Write adds PUT, operations and DELETE of snapshots to read; never DELETE of a session.
            #expect(try service.request("GET", path, headers: F.bearer(write)).status == 200)
            #expect(try service.request("PUT", path, body: #"["a", "b"]"#, headers: F.bearer(write)).status == 200)
            #expect(
                try F.refusal(service.request("DELETE", "/v1/sessions/user-42-a", headers: F.bearer(write)))
                    == (403, Self.insufficient(nil), "urn:listdiff:problem:insufficient-scope"))
            #expect(try service.request("DELETE", path, headers: F.bearer(write)).status == 204)
            #expect(try service.request("GET", "/v1/sessions/user-42-a", headers: F.alpha).status == 200)
        }
    }

    @Test func creatingSessionsNeedsWriteAndTheName() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            let narrow = try F.tokenA(scope: "write")
            let every = try F.tokenA(sessions: #""*""#, scope: "write")
            #expect(try service.request("POST", "/v1/sessions", headers: F.bearer(narrow)).status == 403)
            let named = [("X-ListDiff-Session-Name", "user-42-new")]
            #expect(try service.request("POST", "/v1/sessions", headers: F.bearer(narrow) + named).status == 201)
            #expect(try service.request("POST", "/v1/sessions", headers: F.bearer(every)).status == 201)
            #expect(
                try service.request("POST", "/v1/sessions", headers: F.bearer(try F.tokenA(sessions: #""*""#))).status
                    == 403)
        }
    }

    @Test func tokensWithoutAPIKeysAreOwnerZero() throws {
        let configuration = ServiceConfiguration(
            tokens: TokenConfiguration(keys: TokenKey.list("k1:hs256:\(F.secretA)") ?? []))
        #expect(configuration.keyProblem == nil)
        try TestService.with(configuration) { (service: TestService) throws in
            let missing = try service.request("GET", "/v1/sessions/s1")
            #expect(missing.status == 401)
            #expect(missing.header("WWW-Authenticate") == #"Bearer realm="listdiff""#)
            #expect(
                try service.request("GET", "/v1/sessions/s1", headers: [("Authorization", "Bearer some-key")]).status
                    == 401)
            // A backend without an API key writes with a token for every session.
            let backend = try TokenMinter.mint(
                kid: "k1", secret: F.secretA, #""exp": \#(TokenMinter.now + 60), "sessions": ["*"], "scope": "write""#)
            #expect(
                try service.request("PUT", "/v1/sessions/s1/snapshots/x", body: "[]", headers: F.bearer(backend)).status
                    == 201)
        }
    }

    @Test func tokenKeysMustFitTheAPIKeys() {
        func problem(_ apiKeys: [String], _ tokenKeys: String) -> KeyConfigurationProblem? {
            ServiceConfiguration(apiKeys: apiKeys, tokens: TokenConfiguration(keys: TokenKey.list(tokenKeys) ?? []))
                .keyProblem
        }
        #expect(problem(["a=k1", "k2"], "x:hs256:\(F.secretA):a,y:hs256:\(F.secretA):2") == nil)
        #expect(problem(["a=k1"], "x:hs256:\(F.secretA)") != nil)
        #expect(problem(["a=k1"], "x:hs256:\(F.secretA):b") != nil)
        #expect(problem(["a=k1"], "x:hs256:\(F.secretA):2") != nil)
        #expect(problem([], "x:hs256:\(F.secretA):a") != nil)
        #expect(TokenKey.list("x:hs256:a2tr") == nil, "a secret under 32 bytes")
        #expect(TokenKey.list("x:ed25519:\(F.secretA)") != nil)
        #expect(TokenKey.list("x:ed25519:a2tr") == nil, "an Ed25519 key is 32 bytes")
        #expect(TokenKey.list("x:rs256:\(F.secretA)") == nil)
        #expect(TokenKey.list("x:hs256:\(F.secretA),x:hs256:\(F.secretA)") == nil, "two keys with one kid")
        #expect(APIKeys.split("tenant=secret") == ("tenant", "secret"))
        #expect(APIKeys.split("c2VjcmV0cw==") == (nil, "c2VjcmV0cw=="))
        #expect(APIKeys.split("=secret") == (nil, "=secret"))
    }
}
