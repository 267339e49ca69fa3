import CLibCrypto
import Foundation

/// Signs the tokens `TokenBench` verifies, with libcrypto (the server only verifies): HS256
/// through `EVP_Q_mac`, EdDSA through `EVP_DigestSign` with a fixed Ed25519 private key.
enum TokenSigner {
    /// A JWS compact token of `claims` (a JSON object) signed with `secret` (HS256).
    static func hs256(kid: String, secret: [UInt8], claims: String) -> String? {
        let input = signingInput(header: #"{"alg":"HS256","kid":"\#(kid)","typ":"JWT"}"#, claims: claims)
        var mac = [UInt8](repeating: 0, count: 32)
        var length = 0
        let bytes = Array(input.utf8)
        guard
            EVP_Q_mac(nil, "HMAC", nil, "SHA256", nil, secret, secret.count, bytes, bytes.count, &mac, 32, &length)
                != nil,
            length == 32
        else { return nil }
        return input + "." + base64URL(mac)
    }

    /// A JWS compact token of `claims` signed with the Ed25519 private key `seed` (EdDSA),
    /// the raw public key that verifies it, and the signing input and signature it joins.
    static func ed25519(kid: String, seed: [UInt8], claims: String)
        -> (token: String, publicKey: [UInt8], signingInput: [UInt8], signature: [UInt8])?
    {
        guard let key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, seed, seed.count) else { return nil }
        defer { EVP_PKEY_free(key) }
        var publicKey = [UInt8](repeating: 0, count: 32)
        var publicLength = 32
        guard EVP_PKEY_get_raw_public_key(key, &publicKey, &publicLength) == 1, let context = EVP_MD_CTX_new() else {
            return nil
        }
        defer { EVP_MD_CTX_free(context) }
        let input = signingInput(header: #"{"alg":"EdDSA","kid":"\#(kid)","typ":"JWT"}"#, claims: claims)
        let bytes = Array(input.utf8)
        var signature = [UInt8](repeating: 0, count: 64)
        var length = 64
        guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1,
            EVP_DigestSign(context, &signature, &length, bytes, bytes.count) == 1, length == 64
        else { return nil }
        return (input + "." + base64URL(signature), publicKey, bytes, signature)
    }

    static func signingInput(header: String, claims: String) -> String {
        base64URL(Array(header.utf8)) + "." + base64URL(Array(claims.utf8))
    }

    /// Unpadded base64url (RFC 7515 §2).
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
