/// libcrypto's Ed25519 check alone, as `listdiff-bench` times it: the floor under a whole
/// EdDSA token's verification. Not part of the service's API.
@_spi(Benchmarks)
public struct Ed25519VerificationProbe: Sendable {
    private let key: Ed25519PublicKey

    /// Nil unless `publicKey` is a 32-byte Ed25519 public key libcrypto accepts.
    public init?(publicKey: [UInt8]) {
        guard let key = Ed25519PublicKey(raw: publicKey) else { return nil }
        self.key = key
    }

    /// Whether `signature` is this key's signature of `message`. O(message).
    public func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        message.withUnsafeBytes { key.verify(signature, of: $0) }
    }
}
