import CLibCrypto

/// An Ed25519 public key (RFC 8032), checked by libcrypto's `EVP_DigestVerify`. Each check
/// copies a context set up once for the key (`EVP_MD_CTX_copy_ex`) rather than setting one up
/// (`EVP_DigestVerifyInit` fetches the algorithm from its provider, a sizeable part of a check).
/// As libsodium does, it refuses keys of small order or that are no point, and signatures
/// whose `R` is of small order (``Ed25519PointCheck``); libcrypto refuses an `S` not below the
/// group order.
final class Ed25519PublicKey: @unchecked Sendable {
    // Sendable argument: the key and the template are only read after init; OpenSSL 3 allows
    // one EVP_PKEY to verify on several threads at once, each with its own EVP_MD_CTX, and a
    // context to be copied from on several threads at once.
    private let key: OpaquePointer
    private let template: OpaquePointer

    static let keyBytes = 32
    static let signatureBytes = 64

    /// Nil unless `raw` is the canonical encoding of a point of the curve, not of small order,
    /// that libcrypto accepts as an Ed25519 public key.
    init?(raw: [UInt8]) {
        guard raw.count == Self.keyBytes, Ed25519PointCheck.defect(ofPublicKey: raw) == nil,
            let key = raw.withUnsafeBufferPointer({
                EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.baseAddress, $0.count)
            })
        else { return nil }
        guard let template = EVP_MD_CTX_new() else {
            EVP_PKEY_free(key)
            return nil
        }
        guard EVP_DigestVerifyInit(template, nil, nil, nil, key) == 1 else {
            ERR_clear_error()
            EVP_MD_CTX_free(template)
            EVP_PKEY_free(key)
            return nil
        }
        self.key = key
        self.template = template
    }

    deinit {
        EVP_MD_CTX_free(template)
        EVP_PKEY_free(key)
    }

    /// Whether `signature` is this key's Ed25519 signature of `message`. O(message).
    func verify(_ signature: [UInt8], of message: UnsafeRawBufferPointer) -> Bool {
        guard signature.count == Self.signatureBytes, !Ed25519PointCheck.isSmallOrder(signature[0..<32]),
            let context = EVP_MD_CTX_new()
        else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_MD_CTX_copy_ex(context, template) == 1 else {
            ERR_clear_error()
            return false
        }
        let verified = EVP_DigestVerify(
            context, signature, signature.count, message.baseAddress?.assumingMemoryBound(to: UInt8.self),
            message.count)
        if verified != 1 { ERR_clear_error() }
        return verified == 1
    }
}
