import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// A refused token is remembered while its refusal holds, so a forged one sent again costs a
/// lookup, not a signature verification — and never past what made it fail.
@Suite(.ownThreads) struct TokenRefusalCacheTests {
    typealias F = TokenFixtures
    static let path = "/v1/sessions/user-42-a/snapshots/x"

    static func count(_ outcome: String, in metrics: String) -> String? {
        metrics.split(separator: "\n").first {
            $0.hasPrefix(#"listdiff_token_verifications_total{outcome="\#(outcome)"}"#)
        }.map { String($0.split(separator: " ").last ?? "") }
    }

    @Test func aRepeatedForgedTokenIsVerifiedOnce() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            let forged = try F.forgedEdDSA()
            for _ in 0..<5 {
                let refusal = try F.refusal(service.request("GET", Self.path, headers: F.bearer(forged)))
                #expect(refusal.status == 401 && refusal.type == "urn:listdiff:problem:token-bad-signature")
            }
            let metrics = try service.request("GET", "/metrics").bodyText
            #expect(Self.count("bad_signature", in: metrics) == "1")
            #expect(Self.count("cached_refusal", in: metrics) == "4")
            #expect(service.service.credentials.tokens?.cache.refusals == 1)
        }
    }

    /// A token not valid yet is refused from the cache only until it comes of age.
    @Test func aCachedRefusalEndsWithItsReason() throws {
        var configuration = F.configuration
        configuration.tokens.leewaySeconds = 0
        try TestService.with(configuration) { (service: TestService) throws in
            #expect(try service.request("PUT", Self.path, body: "[]", headers: F.alpha).status == 201)
            let validFrom = TokenMinter.now + 3
            let token = try TokenMinter.mint(
                kid: "a-hs", secret: F.secretA,
                #""exp": \#(validFrom + 60), "nbf": \#(validFrom), "aud": "\#(F.audience)", "sessions": ["*"], "scope": "read""#
            )
            for _ in 0..<2 {
                let early = try F.refusal(service.request("GET", Self.path, headers: F.bearer(token)))
                #expect(early.type == "urn:listdiff:problem:token-not-yet-valid")
            }
            Thread.sleep(forTimeInterval: Double(validFrom) - Date().timeIntervalSince1970 + 0.1)
            #expect(try service.request("GET", Self.path, headers: F.bearer(token)).status == 200)
            let metrics = try service.request("GET", "/metrics").bodyText
            #expect(Self.count("not_yet_valid", in: metrics) == "1")
            #expect(Self.count("cached_refusal", in: metrics) == "1")
            #expect(Self.count("valid", in: metrics) == "1")
        }
    }

    /// Each refusal holds over the times its reason does; the cache's bounds hold both kinds apart.
    @Test func refusalsHoldOnlyWhileTheirReasonDoes() {
        let cache = TokenCache(capacity: 4, refusedByteCapacity: 1_000)
        cache.insert(TokenRefusal(.expired, holds: 100..<Double.infinity), for: "expired", now: 150)
        cache.insert(TokenRefusal(.notYetValid, holds: -Double.infinity..<200), for: "early", now: 150)
        cache.insert(TokenRefusal(.badSignature), for: "forged", now: 150)
        #expect(cache.refusal(for: "expired", at: 150) == .expired)
        #expect(cache.refusal(for: "expired", at: 99) == nil, "a clock moved back: verify again")
        #expect(cache.refusal(for: "early", at: 199) == .notYetValid)
        #expect(cache.refusal(for: "early", at: 200) == nil, "of age: verify again")
        #expect(cache.refusal(for: "forged", at: 1e12) == .badSignature)
        let grants = TokenGrants(owner: 1, sessions: ["*"], scopes: .read, expires: 1_000, notBefore: nil)
        cache.insert(grants, for: "valid", now: 150)
        // A flood of refusals past the bound drops refusals, never the verified token.
        for index in 0..<50 {
            cache.insert(TokenRefusal(.badSignature), for: Substring("forged-\(index)"), now: 150)
        }
        #expect(cache.refusals <= 4)
        #expect(cache.grants(for: "valid", at: 150, leeway: 0) == grants)
        // And refusals of many bytes are bounded by bytes too.
        cache.insert(TokenRefusal(.badSignature), for: Substring(String(repeating: "x", count: 900)), now: 150)
        cache.insert(TokenRefusal(.badSignature), for: Substring(String(repeating: "y", count: 900)), now: 150)
        #expect(cache.refusals == 1)
    }
}
