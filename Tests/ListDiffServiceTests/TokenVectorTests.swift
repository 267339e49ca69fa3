import Foundation
import ListDiffTestRun
import Testing

@testable import ListDiffService

/// libcrypto through the service's wrappers, against the RFCs' own vectors; base64url decoding.
@Suite(.ownThreads) struct TokenVectorTests {
    /// RFC 7515 appendix A.1: the HS256 example's key, signing input and signature.
    static let rfc7515Key = "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"
    static let rfc7515Token =
        "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
        + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        + ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    /// RFC 8037 appendix A.4: Ed25519 over "Example of Ed25519 signing" with the key of A.1.
    static let rfc8037Public = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
    static let rfc8037Token =
        "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc"
        + ".hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"

    static func decode(_ text: String) -> [UInt8] { Base64URL.decode(Substring(text).utf8) ?? [] }

    /// The signing input and the signature of a compact token.
    static func parts(_ token: String) -> (input: [UInt8], signature: [UInt8]) {
        let cut = token.lastIndex(of: ".") ?? token.endIndex
        return (Array(token[..<cut].utf8), decode(String(token[token.index(after: cut)...])))
    }

    @Test func hmacSHA256MatchesRFC7515() throws {
        let key = try #require(HMACSHA256Key(secret: Self.decode(Self.rfc7515Key)))
        let (input, signature) = Self.parts(Self.rfc7515Token)
        #expect(signature.count == 32)
        // Each twice: a pooled context must give the same answer when used again.
        for _ in 0..<2 {
            #expect(input.withUnsafeBytes { key.verify(signature, of: $0) })
            var flipped = signature
            flipped[31] ^= 1
            #expect(!input.withUnsafeBytes { key.verify(flipped, of: $0) })
            #expect(!Array(input.dropLast()).withUnsafeBytes { key.verify(signature, of: $0) })
            #expect(!input.withUnsafeBytes { key.verify(Array(signature.prefix(16)), of: $0) })
        }
    }

    @Test func ed25519MatchesRFC8037() throws {
        let key = try #require(Ed25519PublicKey(raw: Self.decode(Self.rfc8037Public)))
        let (input, signature) = Self.parts(Self.rfc8037Token)
        #expect(signature.count == 64)
        for _ in 0..<2 {
            #expect(input.withUnsafeBytes { key.verify(signature, of: $0) })
            var flipped = signature
            flipped[0] ^= 0x80
            #expect(!input.withUnsafeBytes { key.verify(flipped, of: $0) })
        }
        #expect(Ed25519PublicKey(raw: [UInt8](repeating: 1, count: 31)) == nil)
    }

    @Test func theVerifierTakesTheVectorsOnlyWithAKid() {
        let verifier = TokenVerifier(
            keys: [
                TokenKey(id: "hs", kind: .hs256, bytes: Self.decode(Self.rfc7515Key)),
                TokenKey(id: "ed", kind: .ed25519, bytes: Self.decode(Self.rfc8037Public))
            ], owner: { _ in 0 }, leeway: 30, audience: nil)
        // Neither header names a kid: the key is never guessed.
        #expect(throws: TokenFailure.malformed("its header has no kid")) {
            try verifier.verify(Substring(Self.rfc7515Token), now: 1_300_819_000)
        }
        #expect(throws: TokenFailure.malformed("its header has no kid")) {
            try verifier.verify(Substring(Self.rfc8037Token), now: 0)
        }
    }

    @Test func base64URLIsStrict() {
        #expect(Base64URL.decode(Substring("").utf8) == [])
        #expect(Base64URL.decode(Substring("Zg").utf8) == Array("f".utf8))
        #expect(Base64URL.decode(Substring("Zm8").utf8) == Array("fo".utf8))
        #expect(Base64URL.decode(Substring("Zm9v").utf8) == Array("foo".utf8))
        #expect(Base64URL.decode(Substring("-_8").utf8) == [0xFB, 0xFF])
        #expect(Base64URL.decode(Substring("Zh").utf8) == nil, "unused bits set")
        #expect(Base64URL.decode(Substring("Zg==").utf8) == nil, "padding")
        #expect(Base64URL.decode(Substring("Z").utf8) == nil, "one character left over")
        #expect(Base64URL.decode(Substring("Zm+v").utf8) == nil, "the standard alphabet")
    }

    @Test func tokenShapeDecidesTokenOrKey() {
        #expect(TokenVerifier.looksLikeToken("a.b.c"))
        #expect(TokenVerifier.looksLikeToken("a.b."))
        #expect(!TokenVerifier.looksLikeToken("a.b"))
        #expect(!TokenVerifier.looksLikeToken("a.b.c.d"))
        #expect(!TokenVerifier.looksLikeToken("a+b.c.d"))
        #expect(!TokenVerifier.looksLikeToken("alpha-key"))
    }

    @Test func sessionPatterns() {
        let grants = TokenGrants(
            owner: 1, sessions: ["user-42-*", "lobby"], scopes: [.read], expires: 0, notBefore: nil)
        #expect(grants.reaches(session: "user-42-a"))
        #expect(grants.reaches(session: "user-42-"))
        #expect(!grants.reaches(session: "user-42"))
        #expect(grants.reaches(session: "lobby"))
        #expect(!grants.reaches(session: "lobby2"))
        #expect(TokenClaims.isSessionPattern("*"))
        #expect(!TokenClaims.isSessionPattern("a*b"))
        #expect(!TokenClaims.isSessionPattern("**"))
        #expect(TokenGrants.Scopes(claim: "write diff") == [.read, .write, .diff])
        #expect(TokenGrants.Scopes(claim: "admin") == [])
    }
}
