/// The keys that verify tokens (`Authorization: Bearer <JWS>`) and what a token must satisfy.
public struct TokenConfiguration: Sendable, Equatable {
    /// Keys that verify tokens; when any are set, every `/v1` route needs a valid token or
    /// (with ``ServiceConfiguration/apiKeys``) an API key.
    public var keys: [TokenKey]
    /// Seconds of clock skew allowed on a token's `exp`, `nbf` and `iat`.
    public var leewaySeconds: Double
    /// When set, a token's `aud` must name it.
    public var audience: String?

    public init(keys: [TokenKey] = [], leewaySeconds: Double = 30, audience: String? = nil) {
        self.keys = keys
        self.leewaySeconds = leewaySeconds
        self.audience = audience
    }
}
