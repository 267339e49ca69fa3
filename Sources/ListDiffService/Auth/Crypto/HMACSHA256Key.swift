import CLibCrypto
import Foundation

/// An HMAC-SHA256 key, computed by libcrypto's EVP_MAC. Setting a MAC context up (fetching
/// the algorithm, hashing the key into its pads) costs more in OpenSSL 3 than the MAC of a
/// token, so the keyed contexts are kept and re-initialised (`EVP_MAC_init` with no key keeps
/// the key), one per thread verifying at once.
final class HMACSHA256Key: @unchecked Sendable {
    // Sendable argument: `idle` is only touched while holding `lock`; a context is used by
    // one thread at a time (taken out of `idle` while in use).
    private let template: OpaquePointer
    private let lock = NSLock()
    private var idle: [OpaquePointer] = []

    static let macBytes = 32

    /// Nil if libcrypto cannot make an HMAC-SHA256 context (an OpenSSL without the default provider).
    init?(secret: [UInt8]) {
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { return nil }
        defer { EVP_MAC_free(mac) }
        guard let context = EVP_MAC_CTX_new(mac) else { return nil }
        var digest = Array("SHA256".utf8CString)
        let initialised = digest.withUnsafeMutableBufferPointer { name in
            var parameters = [
                OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, name.baseAddress, 0),
                OSSL_PARAM_construct_end()
            ]
            return secret.withUnsafeBufferPointer { key in
                EVP_MAC_init(context, key.baseAddress, key.count, &parameters) == 1
            }
        }
        guard initialised else {
            EVP_MAC_CTX_free(context)
            return nil
        }
        template = context
    }

    deinit {
        for context in idle { EVP_MAC_CTX_free(context) }
        EVP_MAC_CTX_free(template)
    }

    /// Whether `mac` is this key's HMAC-SHA256 of `message`, compared in constant time
    /// (`CRYPTO_memcmp`). O(message).
    func verify(_ mac: [UInt8], of message: UnsafeRawBufferPointer) -> Bool {
        guard mac.count == Self.macBytes, let context = take() else { return false }
        defer { lock.withLock { idle.append(context) } }
        var computed = [UInt8](repeating: 0, count: Self.macBytes)
        var length = 0
        guard EVP_MAC_init(context, nil, 0, nil) == 1,
            EVP_MAC_update(context, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count) == 1,
            EVP_MAC_final(context, &computed, &length, Self.macBytes) == 1, length == Self.macBytes
        else {
            ERR_clear_error()
            return false
        }
        return CRYPTO_memcmp(computed, mac, Self.macBytes) == 0
    }

    /// An idle keyed context, or a copy of the template when every one is in use.
    private func take() -> OpaquePointer? {
        if let context = lock.withLock({ idle.popLast() }) { return context }
        return lock.withLock { EVP_MAC_CTX_dup(template) }
    }
}
