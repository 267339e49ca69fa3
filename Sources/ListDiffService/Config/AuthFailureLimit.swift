import ListDiffHTTP

/// Failed authentications (a token refused, an API key not valid) a client address may have
/// within a window; past it, its requests that need a verification or a key comparison are
/// answered 429 until the window ends.
public struct AuthFailureLimit: Sendable, Equatable {
    /// Failures allowed within ``windowSeconds``; 0 turns the limit off.
    public var limit: Int
    /// Seconds over which ``limit`` counts, from a client's first failure.
    public var windowSeconds: Double
    /// Proxies whose `X-Forwarded-For` names the client the limit counts, instead of the
    /// connection's peer.
    public var trustedProxies: TrustedProxies

    public init(limit: Int = 20, windowSeconds: Double = 10, trustedProxies: TrustedProxies = TrustedProxies()) {
        self.limit = limit
        self.windowSeconds = windowSeconds
        self.trustedProxies = trustedProxies
    }
}
