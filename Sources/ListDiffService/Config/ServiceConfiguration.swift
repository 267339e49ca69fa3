import ListDiffHTTP
import ListDiffStore

/// The service's limits and options: a plain value the executable fills from flags and
/// environment, in groups (the store's limits, the keys and tokens that grant access, the
/// limit on failed authentications, followers' waits and streams). Every limit turns into a
/// definite problem answer, never unbounded memory.
public struct ServiceConfiguration: Sendable, Equatable {
    /// What the store keeps and refuses, each refusal answered with its problem: too many
    /// snapshots 409, too many items or operations costing too much 422, the store or a session
    /// full 507 `store-full`. Its item limit also bounds each side of `POST /v1/diff`; its call
    /// timeout is the service's for every store call; its owners count is set from ``apiKeys``
    /// (``storeLimits``).
    public var store: StoreLimits
    /// Most store calls waiting for a thread, in each of the two queues (requests' for the
    /// transport's workers; streams', long polls' and the store's own for the store-call
    /// threads); one more is refused at once: 503, or a stream's `reconnect` event.
    public var maxQueuedStoreCalls: Int
    /// API keys; when any are set every `/v1` route needs `Authorization: Bearer <key>`, and
    /// each key sees only its own sessions.
    /// Entries are `key` or `name=key` (a name for `--token-keys` to name the owner by).
    public var apiKeys: [String]
    /// The keys that verify tokens, and what a token must satisfy.
    public var tokens: TokenConfiguration
    /// How many failed authentications a client address may have before it is refused.
    public var authFailures: AuthFailureLimit
    /// Long polls' and event streams' timing.
    public var followers: FollowerConfiguration

    public init(
        store: StoreLimits = StoreLimits(),
        maxQueuedStoreCalls: Int = 1024,
        apiKeys: [String] = [],
        tokens: TokenConfiguration = TokenConfiguration(),
        authFailures: AuthFailureLimit = AuthFailureLimit(),
        followers: FollowerConfiguration = FollowerConfiguration()
    ) {
        self.store = store
        self.maxQueuedStoreCalls = maxQueuedStoreCalls
        self.apiKeys = apiKeys
        self.tokens = tokens
        self.authFailures = authFailures
        self.followers = followers
    }

    /// The limits the service makes its store with: ``store``, with an owner per API key
    /// (one without keys), each owner's share of bytes being the store's divided among them.
    public var storeLimits: StoreLimits {
        var limits = store
        limits.owners = max(1, apiKeys.count)
        return limits
    }
}
