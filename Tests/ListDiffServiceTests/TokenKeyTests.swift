import CLibCrypto
import Foundation
import ListDiffTestRun
import Testing

@testable import ListDiffService

/// Ed25519 keys and signatures the server must not trust. Each danger is shown through
/// libcrypto alone (`EVP_DigestVerify` on a key it loaded as given) before the service's
/// refusal is checked, so the small-order list is not taken on trust.
@Suite(.ownThreads) struct TokenKeyTests {
    /// The signature `R` = the identity, `S` = 0: with a key of small order, libcrypto accepts
    /// it over every message (order 1), or over about one message in 2, 4 or 8.
    static let identitySignature = [1] + [UInt8](repeating: 0, count: 63)
    static let payloads = (0..<200).map { Array("payload \($0)".utf8) }
    /// The group order L, little-endian.
    static let groupOrder: [UInt8] = [
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10
    ]

    /// Whether libcrypto by itself, with none of the service's checks, takes `signature`.
    static func libcryptoVerifies(key: [UInt8], signature: [UInt8], message: [UInt8]) -> Bool {
        guard let loaded = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, key, key.count) else { return false }
        defer { EVP_PKEY_free(loaded) }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        let verified =
            EVP_DigestVerifyInit(context, nil, nil, nil, loaded) == 1
            && EVP_DigestVerify(context, signature, signature.count, message, message.count) == 1
        ERR_clear_error()
        return verified
    }

    static func withSignBit(_ encoding: [UInt8]) -> [UInt8] {
        var signed = encoding
        signed[31] |= 0x80
        return signed
    }

    static func little(_ value: UInt8) -> [UInt8] { [value] + [UInt8](repeating: 0, count: 31) }

    @Test func everySmallOrderEncodingForgesInLibcryptoAndIsRefused() throws {
        #expect(Ed25519PointCheck.smallOrderEncodings.count == 7)
        for listed in Ed25519PointCheck.smallOrderEncodings {
            for key in [listed, Self.withSignBit(listed)] {
                let forged = Self.payloads.filter {
                    Self.libcryptoVerifies(key: key, signature: Self.identitySignature, message: $0)
                }
                #expect(!forged.isEmpty, "libcrypto took no forgery under \(key)")
                #expect(Ed25519PublicKey(raw: key) == nil, "the loader took \(key)")
                #expect(TokenKey(id: "k", kind: .ed25519, bytes: key).defect == .smallOrder)
            }
        }
        let identity = Self.little(1)
        #expect(
            Self.payloads.allSatisfy {
                Self.libcryptoVerifies(key: identity, signature: Self.identitySignature, message: $0)
            })
        let real = TokenVectorTests.decode(TokenFixtures.edPublic)
        #expect(
            !Self.payloads.contains {
                Self.libcryptoVerifies(key: real, signature: Self.identitySignature, message: $0)
            })
        #expect(Ed25519PublicKey(raw: real) != nil)
        #expect(TokenKey(id: "k", kind: .ed25519, bytes: real).defect == nil)
    }

    @Test func keysThatAreNoCanonicalPointAreRefused() {
        let p = [0xed] + [UInt8](repeating: 0xff, count: 30) + [0x7f]
        var pPlus2 = p
        pPlus2[0] = 0xef
        for key in [pPlus2, [UInt8](repeating: 0xff, count: 32)] {
            #expect(TokenKey(id: "k", kind: .ed25519, bytes: key).defect == .nonCanonical)
            #expect(Ed25519PublicKey(raw: key) == nil)
        }
        // y = 2, 7 and 32 × "k": by Euler's criterion (y^2 - 1) / (d y^2 + 1) has no root mod p.
        for key in [
            Self.little(2), Self.little(7), Self.withSignBit(Self.little(7)), [UInt8](repeating: 0x6b, count: 32)
        ] {
            #expect(TokenKey(id: "k", kind: .ed25519, bytes: key).defect == .notAPoint)
            #expect(Ed25519PublicKey(raw: key) == nil)
        }
        // y = 3 is a point; so are RFC 8032's test keys 1 to 3 and its SHA(abc) key.
        let rfc8032Keys = [
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
            "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
            "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e"
        ]
        for key in [Self.little(3), Self.withSignBit(Self.little(3))] + rfc8032Keys.map(Self.hex) {
            #expect(TokenKey(id: "k", kind: .ed25519, bytes: key).defect == nil, "\(key)")
            #expect(Ed25519PublicKey(raw: key) != nil)
        }
        #expect(TokenKey(id: "k", kind: .hs256, bytes: [UInt8](repeating: 0, count: 32)).defect == nil)
    }

    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).compactMap {
            UInt8(text.dropFirst($0).prefix(2), radix: 16)
        }
    }

    @Test func theServerRefusesToStartWithTheIssuesKeysNamingTheKid() throws {
        let keys = [
            ("identity", "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", TokenKey.Defect.smallOrder),
            ("zero", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", .smallOrder),
            ("identity-p-plus-1", "7v_______________________________________38", .smallOrder),
            ("not-canonical", "7________________________________________38", .nonCanonical),
            ("no-point", TokenFixtures.secretA, .notAPoint)
        ]
        for (kid, key, defect) in keys {
            let tokenKeys = try #require(TokenKey.list("\(kid):ed25519:\(key)"))
            let problem = ServiceConfiguration(tokens: TokenConfiguration(keys: tokenKeys)).keyProblem
            #expect(problem == .untrustedTokenKey(kid: kid, defect))
            #expect(problem?.description.hasPrefix("--token-keys: key '\(kid)' is ") == true)
        }
        let identity = try #require(TokenKey.list("k:ed25519:AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="))
        #expect(
            ServiceConfiguration(tokens: TokenConfiguration(keys: identity)).keyProblem?.description
                == "--token-keys: key 'k' is an Ed25519 public key of small order (it would accept forged tokens)")
        let sound = try #require(TokenKey.list("k:ed25519:\(TokenFixtures.edPublic)"))
        #expect(ServiceConfiguration(tokens: TokenConfiguration(keys: sound)).keyProblem == nil)
    }

    /// The issue's attack, over HTTP: with the identity as key, a token signed with `R` the
    /// identity and `S` = 0 wrote a snapshot. The verifier does not load such a key, so its kid
    /// is unknown.
    @Test func aForgedTokenUnderTheIdentityKeyWritesNothing() throws {
        let keys = try #require(TokenKey.list("k:ed25519:AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="))
        func base64URL(_ bytes: [UInt8]) -> String {
            Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let header = base64URL(Array(#"{"alg":"EdDSA","kid":"k","typ":"JWT"}"#.utf8))
        let claims = #"{"exp":\#(TokenMinter.now + 300),"sessions":["*"],"scope":"write"}"#
        let signingInput = header + "." + base64URL(Array(claims.utf8))
        let forged = signingInput + "." + base64URL(Self.identitySignature)
        #expect(
            Self.libcryptoVerifies(
                key: Self.little(1), signature: Self.identitySignature, message: Array(signingInput.utf8)))
        try TestService.with(ServiceConfiguration(tokens: TokenConfiguration(keys: keys))) {
            (service: TestService) throws in
            let put = try service.request(
                "PUT", "/v1/sessions/s/snapshots/x", body: "[]", headers: TokenFixtures.bearer(forged))
            #expect(put.status == 401)
            #expect(try put.json()["type"] as? String == "urn:listdiff:problem:token-unknown-key")
        }
    }

    /// A signature whose `R` is the identity, made with the private key of RFC 8037 A.1 (S = k·a
    /// mod L, k the hash of R, the key and the message): libcrypto takes it; libsodium refuses
    /// such an `R`, and so does the service.
    @Test func aSignatureWhoseRIsOfSmallOrderIsRefused() throws {
        let key = TokenVectorTests.decode(TokenVectorTests.rfc8037Public)
        let message = Array("a signature whose R is the identity".utf8)
        let signature = Self.hex(
            "0100000000000000000000000000000000000000000000000000000000000000"
                + "e42a5a30f44ca81a949ed25202e888b239cb0f6a2872e4744ac726d253573402")
        #expect(Self.libcryptoVerifies(key: key, signature: signature, message: message))
        let loaded = try #require(Ed25519PublicKey(raw: key))
        #expect(!message.withUnsafeBytes { loaded.verify(signature, of: $0) })
    }

    /// RFC 8032 §5.1.7: `S` must be below L. libcrypto refuses S + L, which verifies the same
    /// equation; the service must keep that refusal.
    @Test func anSAboveTheGroupOrderIsRefused() throws {
        let (input, signature) = TokenVectorTests.parts(TokenVectorTests.rfc8037Token)
        let key = try #require(Ed25519PublicKey(raw: TokenVectorTests.decode(TokenVectorTests.rfc8037Public)))
        #expect(input.withUnsafeBytes { key.verify(signature, of: $0) })
        var raised = signature
        var carry = 0
        for index in 0..<32 {
            let sum = Int(raised[32 + index]) + Int(Self.groupOrder[index]) + carry
            raised[32 + index] = UInt8(sum & 0xff)
            carry = sum >> 8
        }
        #expect(carry == 0 && raised != signature)
        #expect(!input.withUnsafeBytes { key.verify(raised, of: $0) })
        #expect(
            !Self.libcryptoVerifies(
                key: TokenVectorTests.decode(TokenVectorTests.rfc8037Public), signature: raised, message: input))
    }
}
