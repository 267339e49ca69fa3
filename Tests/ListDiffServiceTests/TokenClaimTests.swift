import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// Each claim rule and each way a token is refused, over HTTP, with tokens minted by
/// scripts/mint-token.py (an implementation independent of the server's).
@Suite(.ownThreads) struct TokenClaimTests {
    typealias F = TokenFixtures

    static func invalid(_ description: String) -> String {
        #"Bearer realm="listdiff", error="invalid_token", error_description="\#(description)""#
    }

    @Test func validTokensOfBothKindsRead() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            let path = "/v1/sessions/user-42-a/snapshots/x"
            #expect(try service.request("PUT", path, body: #"["a"]"#, headers: F.alpha).status == 201)
            let hs = try F.tokenA()
            let ed = try TokenMinter.mint(
                kid: "a-ed", private: F.edPrivate, F.claims(sessions: #""user-42-a""#, scope: "read"))
            #expect(try service.request("GET", path, headers: F.bearer(hs)).member("snapshot") == #"["a"]"#)
            #expect(try service.request("GET", path, headers: F.bearer(ed)).member("snapshot") == #"["a"]"#)
            #expect(try service.request("GET", "/v1/sessions/user-42-a", headers: F.bearer(ed)).status == 200)
        }
    }

    @Test func timesAreCheckedWithLeeway() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            let path = "/v1/sessions/user-42-a/snapshots/x"
            #expect(try service.request("PUT", path, body: #"["a"]"#, headers: F.alpha).status == 201)
            let now = TokenMinter.now
            func answer(_ claims: String) throws -> (status: Int, challenge: String, type: String) {
                let token = try TokenMinter.mint(kid: "a-hs", secret: F.secretA, claims)
                return try F.refusal(service.request("GET", path, headers: F.bearer(token)))
            }
            let base = #""aud": "listdiff-test", "sessions": ["user-42-a"], "scope": "read""#
            #expect(
                try answer(#""exp": \#(now - 100), "# + base)
                    == (401, Self.invalid("the token expired"), "urn:listdiff:problem:token-expired"))
            // Within the 30 s leeway: an exp 10 s ago, an nbf and an iat 10 s ahead still pass.
            #expect(try answer(#""exp": \#(now - 10), "# + base).status == 200)
            #expect(
                try answer(#""exp": \#(now + 60), "nbf": \#(now + 10), "iat": \#(now + 10), "# + base).status == 200)
            let notYet = (401, Self.invalid("the token is not valid yet"), "urn:listdiff:problem:token-not-yet-valid")
            #expect(try answer(#""exp": \#(now + 600), "nbf": \#(now + 100), "# + base) == notYet)
            #expect(try answer(#""exp": \#(now + 600), "iat": \#(now + 100), "# + base) == notYet)
            // exp is required; a fraction is a NumericDate too.
            #expect(
                try answer(base).type == "urn:listdiff:problem:token-malformed")
            #expect(try answer(#""exp": \#(now + 60).5, "# + base).status == 200)
        }
    }

    @Test func audienceMustNameTheServer() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            #expect(
                try service.request("PUT", "/v1/sessions/s1/snapshots/x", body: "[]", headers: F.alpha).status == 201)
            func answer(_ aud: String) throws -> (status: Int, challenge: String, type: String) {
                let token = try TokenMinter.mint(
                    kid: "a-hs", secret: F.secretA,
                    #""exp": \#(TokenMinter.now + 60), "sessions": ["s1"], "scope": "read""# + aud)
                return try F.refusal(service.request("GET", "/v1/sessions/s1", headers: F.bearer(token)))
            }
            let wrong = (
                401, Self.invalid("the token is for another audience"), "urn:listdiff:problem:token-wrong-audience"
            )
            #expect(try answer("") == wrong)
            #expect(try answer(#", "aud": "someone-else""#) == wrong)
            #expect(try answer(#", "aud": ["someone-else", "listdiff-test"]"#).status == 200)
        }
    }

    @Test func keysAndAlgorithmsMustMatch() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            #expect(
                try service.request("PUT", "/v1/sessions/s1/snapshots/x", body: "[]", headers: F.alpha).status == 201)
            let claims = "{" + F.claims(sessions: #""s1""#, scope: "read") + "}"
            // The Ed25519 key's public bytes, as an HMAC secret: what algorithm confusion would forge with.
            let edAsSecret = F.edPublic
            let tokens = try TokenMinter.mint([
                .init(kid: "nobody", claims: claims, secret: F.secretA),
                .init(kid: "a-hs", claims: claims, alg: "none", secret: F.secretA),
                .init(kid: "a-ed", claims: claims, alg: "HS256", secret: edAsSecret),
                .init(kid: "a-hs", claims: claims, alg: "EdDSA", private: F.edPrivate),
                .init(kid: "a-hs", claims: claims, secret: F.secretB),
                .init(kid: "a-ed", claims: claims, secret: F.secretA, header: #"{"alg":"none","kid":"a-ed"}"#)
            ])
            let answers = try tokens.map {
                try F.refusal(service.request("GET", "/v1/sessions/s1", headers: F.bearer($0)))
            }
            #expect(
                answers[0]
                    == (
                        401, Self.invalid("the token's kid names no key of this server"),
                        "urn:listdiff:problem:token-unknown-key"
                    ))
            let wrongAlgorithm = (
                401, Self.invalid("the token's alg is not the one its key takes"),
                "urn:listdiff:problem:token-wrong-algorithm"
            )
            #expect(answers[1] == wrongAlgorithm)
            #expect(answers[2] == wrongAlgorithm)
            #expect(answers[3] == wrongAlgorithm)
            #expect(
                answers[4]
                    == (
                        401, Self.invalid("the token's signature is not valid"),
                        "urn:listdiff:problem:token-bad-signature"
                    ))
            #expect(answers[5] == wrongAlgorithm)
        }
    }

    @Test func verificationsAreCachedCountedAndNeverShown() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            #expect(
                try service.request("PUT", "/v1/sessions/user-42-a/snapshots/x", body: "[]", headers: F.alpha).status
                    == 201)
            let token = try F.tokenA(#""sub": "user-42-secret-subject""#)
            let expired = try TokenMinter.mint(
                kid: "a-hs", secret: F.secretA, #""exp": 1000, "aud": "listdiff-test", "sub": "user-42-secret-subject""#
            )
            for _ in 0..<3 {
                #expect(
                    try service.request("GET", "/v1/sessions/user-42-a/snapshots/x", headers: F.bearer(token)).status
                        == 200)
            }
            #expect(try service.request("GET", "/v1/sessions/user-42-a", headers: F.bearer(expired)).status == 401)
            let metrics = try service.request("GET", "/metrics").bodyText
            #expect(metrics.contains(#"listdiff_token_verifications_total{outcome="valid"} 1"#))
            #expect(metrics.contains(#"listdiff_token_verifications_total{outcome="cached"} 2"#))
            #expect(metrics.contains(#"listdiff_token_verifications_total{outcome="expired"} 1"#))
            for secret in [token, expired, "user-42-secret-subject", String(token.split(separator: ".")[1])] {
                #expect(!metrics.contains(secret))
            }
            #expect(service.service.credentials.tokens?.cache.count == 1)
        }
    }

    @Test func aCachedTokenStillExpires() throws {
        var configuration = F.configuration
        configuration.tokens.leewaySeconds = 0
        try TestService.with(configuration) { (service: TestService) throws in
            #expect(
                try service.request("PUT", "/v1/sessions/s1/snapshots/x", body: "[]", headers: F.alpha).status == 201)
            let expires = TokenMinter.now + 2
            let token = try TokenMinter.mint(
                kid: "a-hs", secret: F.secretA,
                #""exp": \#(expires), "aud": "listdiff-test", "sessions": ["s1"], "scope": "read""#)
            #expect(try service.request("GET", "/v1/sessions/s1", headers: F.bearer(token)).status == 200)
            Thread.sleep(forTimeInterval: Double(expires) - Date().timeIntervalSince1970 + 0.1)
            let late = try service.request("GET", "/v1/sessions/s1", headers: F.bearer(token))
            #expect(try F.refusal(late).type == "urn:listdiff:problem:token-expired")
        }
    }
}
