import Foundation
import ListDiffScenarios
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// Malformed tokens, seeded: broken base64, signed payloads and headers that are not the JSON
/// expected, wrong segment counts. Every answer is a 401 problem, never a 5xx.
/// `LISTDIFF_FUZZ_SEED` reruns one draw; `LISTDIFF_FUZZ_CASES` sets how many random ones.
@Suite(.ownThreads) struct TokenFuzzTests {
    typealias F = TokenFixtures

    static let refusals: Set<String> = [
        "urn:listdiff:problem:token-malformed", "urn:listdiff:problem:token-bad-signature",
        "urn:listdiff:problem:token-unknown-key", "urn:listdiff:problem:token-wrong-algorithm",
        "urn:listdiff:problem:token-expired", "urn:listdiff:problem:unauthorized"
    ]

    /// Signed (so past the signature check) but malformed payloads and headers.
    static let signedPayloads = [
        "", "[]", "{", "null", #"{"exp": "soon"}"#, #"{"exp": 1e999}"#, #"{"exp": 4000000000, "exp": 4000000001}"#,
        #"{"exp": 4000000000, "aud": "listdiff-test", "sessions": "user-42-a"}"#,
        #"{"exp": 4000000000, "aud": "listdiff-test", "sessions": ["a*b"]}"#,
        #"{"exp": 4000000000, "aud": "listdiff-test", "sessions": ["*x*"]}"#,
        #"{"exp": 4000000000, "aud": 7}"#, #"{"exp": 4000000000, "aud": "listdiff-test", "scope": ["read"]}"#,
        #"{"exp": 4000000000} trailing"#, String(repeating: "[", count: 5000), "\u{FEFF}{}", #"{"exp": 1}"#
    ]
    static let signedHeaders = [
        "", "{}", #"{"alg": "HS256"}"#, #"{"kid": "a-hs"}"#, #"{"alg": "HS256", "kid": "a-hs", "crit": ["exp"]}"#,
        #"{"alg": "HS256", "kid": "a-hs", "kid": "b-hs"}"#, #"{"alg": 1, "kid": "a-hs"}"#, "not json"
    ]

    @Test func malformedTokensAreRefusedWithProblems() throws {
        let seed = TestRun.seed("LISTDIFF_FUZZ_SEED") ?? 36
        let cases = TestRun.cases("LISTDIFF_FUZZ_CASES", default: 300)
        var random = SplitMix64(seed: seed)
        var minted: [TokenMinter.Token] = Self.signedPayloads.map {
            .init(kid: "a-hs", claims: $0, secret: F.secretA)
        }
        minted += Self.signedHeaders.map {
            .init(kid: "a-hs", claims: F.claims(sessions: #""*""#, scope: "read"), secret: F.secretA, header: $0)
        }
        var tokens = try TokenMinter.mint(minted)
        let valid = try F.tokenA(sessions: #""*""#)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/".utf8)
        for _ in 0..<cases {
            var bytes = Array(valid.utf8)
            switch random.next() % 4 {
            case 0: // a few bytes replaced
                for _ in 0...(random.next() % 4) {
                    bytes[Int(random.next() % UInt64(bytes.count))] =
                        alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
            case 1: // cut short
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
            case 2: // segments dropped, doubled or emptied
                var segments = valid.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                let index = Int(random.next() % 3)
                switch random.next() % 3 {
                case 0: segments.remove(at: index)
                case 1: segments.insert(segments[index], at: index)
                default: segments[index] = ""
                }
                bytes = Array(segments.joined(separator: ".").utf8)
            default: // random base64url text with dots
                bytes = (0..<(random.next() % 200)).map { _ in alphabet[Int(random.next() % 65)] }
            }
            if let token = String(bytes: bytes, encoding: .utf8), token != valid { tokens.append(token) }
        }
        // Every refusal from one address: no limit on failures, so each one is looked at.
        var configuration = F.configuration
        configuration.authFailures.limit = 0
        try TestService.with(configuration) { (service: TestService) throws in
            let client = try service.client()
            for token in tokens {
                let response = try client.request("GET", "/v1/sessions/user-42-a", headers: F.bearer(token))
                let type = try response.json()["type"] as? String ?? ""
                // A token cut to nothing leaves a Bearer field with nothing in it: a malformed request.
                let expected =
                    token.isEmpty
                    ? response.status == 400 && type == "urn:listdiff:problem:invalid-authorization"
                    : response.status == 401 && Self.refusals.contains(type)
                #expect(expected, "seed \(seed): \(response.status) \(type) for \(token.prefix(120))")
            }
        }
    }
}
