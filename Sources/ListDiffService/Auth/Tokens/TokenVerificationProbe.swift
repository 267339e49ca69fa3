/// The token verifier as `listdiff-bench` times it: one token verified from scratch (no
/// cache), as a request with a token not seen before pays. Not part of the service's API.
@_spi(Benchmarks)
public struct TokenVerificationProbe: Sendable {
    private let verifier: TokenVerifier

    /// A probe verifying with `keys`, every key owned by owner 1; nil if libcrypto cannot
    /// load one of them.
    public init?(keys: [TokenKey]) {
        verifier = TokenVerifier(keys: keys, owner: { _ in 1 }, leeway: 30, audience: nil)
        guard keys.allSatisfy({ verifier.hasKey(id: $0.id) }) else { return nil }
    }

    /// Whether `token` verifies, signature and claims, at `now` (seconds since 1970),
    /// without the cache. O(token).
    public func verifies(_ token: String, at now: Double) -> Bool {
        (try? verifier.verify(Substring(token), now: now)) != nil
    }

}
