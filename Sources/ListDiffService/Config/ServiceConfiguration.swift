import ListDiffHTTP
import ListDiffStore

/// The service's limits and options: a plain value the executable fills from flags and
/// environment. Every limit turns into a definite problem answer, never unbounded memory.
public struct ServiceConfiguration: Sendable, Equatable {
    /// Most sessions kept at once; creating one more evicts the least recently used.
    public var maxSessions: Int
    /// Most named snapshots in one session; one more → 409.
    public var maxSnapshotsPerSession: Int
    /// Most items in one snapshot (or one side of a diff); more → 422.
    public var maxItemsPerSnapshot: Int
    /// Item steps one operations request may cost, counted as ``StoreLimits/maxOperationWork``
    /// counts them; more → 422 before anything is applied.
    /// Bulk changes belong in a `PUT` of the new snapshot, whose diff costs O(items). The
    /// default holds a request to about a second at the item step's cost on a large list
    /// (`listdiff-bench --filter operations-200k`).
    public var maxOperationWork: Int
    /// Versions kept per snapshot, the current one included; `changes?since=` an older one
    /// answers with a reset.
    public var versionsKept: Int
    /// Estimated bytes the store may hold, a hard limit: a write that would pass it drops its
    /// snapshot's oldest versions, then evicts least recently used sessions (with API keys,
    /// within the rule of the in-memory store's `ByteLedger`), else is refused with 507 `store-full`.
    public var maxStoreBytes: Int
    /// Estimated bytes one session may hold (nil: half of ``maxStoreBytes``), so one session
    /// cannot push every other out; past it a write is refused with 507 `store-full`.
    public var maxSessionBytes: Int?
    /// Seconds a session may go unused before it is evicted.
    public var sessionIdleSeconds: Double
    /// Longest `wait` a long poll may ask for, in seconds; longer asks are capped.
    public var maxWaitSeconds: Double
    /// API keys; when any are set every `/v1` route needs `Authorization: Bearer <key>`, and
    /// each key sees only its own sessions.
    /// Entries are `key` or `name=key` (a name for `--token-keys` to name the owner by).
    public var apiKeys: [String]
    /// Seconds a store call may take, counted from when it was queued (a long poll's, from
    /// its wake): one still queued then is answered 503 `store-unavailable` without touching
    /// the store, and one running waits no longer for the store's reply.
    public var storeTimeout: Double
    /// Most store calls waiting for a thread, in each of the two queues (requests' for the
    /// transport's workers; streams', long polls' and the store's own for the store-call
    /// threads); one more is refused at once: 503, or a stream's `reconnect` event.
    public var maxQueuedStoreCalls: Int
    /// Keys that verify tokens (`Authorization: Bearer <JWS>`); when any are set, every `/v1`
    /// route needs a valid token or (with ``apiKeys``) an API key.
    public var tokenKeys: [TokenKey]
    /// Seconds of clock skew allowed on a token's `exp`, `nbf` and `iat`.
    public var tokenLeewaySeconds: Double
    /// When set, a token's `aud` must name it.
    public var tokenAudience: String?
    /// Seconds an event stream may go without sending before a heartbeat (a comment line)
    /// keeps proxies and clients from taking it for dead.
    public var streamHeartbeatSeconds: Double
    /// Failed authentications (a token refused, an API key not valid) a client address may
    /// have within ``authFailureWindowSeconds``; past it, its requests that need a verification
    /// or a key comparison are answered 429 until the window ends. 0 turns the limit off.
    public var authFailureLimit: Int
    public var authFailureWindowSeconds: Double
    /// Proxies whose `X-Forwarded-For` names the client the failure limit counts, instead of
    /// the connection's peer.
    public var trustedProxies: TrustedProxies

    public init(
        maxSessions: Int = 10_000,
        maxSnapshotsPerSession: Int = 64,
        maxItemsPerSnapshot: Int = 200_000,
        maxOperationWork: Int = 100_000_000,
        versionsKept: Int = 16,
        maxStoreBytes: Int = 1 << 30,
        maxSessionBytes: Int? = nil,
        sessionIdleSeconds: Double = 24 * 3600,
        maxWaitSeconds: Double = 60,
        apiKeys: [String] = [],
        storeTimeout: Double = 2,
        maxQueuedStoreCalls: Int = 1024,
        tokenKeys: [TokenKey] = [],
        tokenLeewaySeconds: Double = 30,
        tokenAudience: String? = nil,
        streamHeartbeatSeconds: Double = 30,
        authFailureLimit: Int = 20,
        authFailureWindowSeconds: Double = 10,
        trustedProxies: TrustedProxies = TrustedProxies()
    ) {
        self.maxSessions = maxSessions
        self.maxSnapshotsPerSession = maxSnapshotsPerSession
        self.maxItemsPerSnapshot = maxItemsPerSnapshot
        self.maxOperationWork = maxOperationWork
        self.versionsKept = versionsKept
        self.maxStoreBytes = maxStoreBytes
        self.maxSessionBytes = maxSessionBytes
        self.sessionIdleSeconds = sessionIdleSeconds
        self.maxWaitSeconds = maxWaitSeconds
        self.apiKeys = apiKeys
        self.storeTimeout = storeTimeout
        self.maxQueuedStoreCalls = maxQueuedStoreCalls
        self.tokenKeys = tokenKeys
        self.tokenLeewaySeconds = tokenLeewaySeconds
        self.tokenAudience = tokenAudience
        self.streamHeartbeatSeconds = streamHeartbeatSeconds
        self.authFailureLimit = authFailureLimit
        self.authFailureWindowSeconds = authFailureWindowSeconds
        self.trustedProxies = trustedProxies
    }

    /// The bytes one session may hold: ``maxSessionBytes``, or half of ``maxStoreBytes``.
    public var sessionByteLimit: Int {
        min(maxSessionBytes ?? maxStoreBytes / 2, maxStoreBytes)
    }

    /// The store's share of these settings.
    public var storeLimits: StoreLimits {
        StoreLimits(
            maxSessions: maxSessions, maxSnapshotsPerSession: maxSnapshotsPerSession,
            maxItemsPerSnapshot: maxItemsPerSnapshot,
            maxOperationWork: maxOperationWork, versionsKept: versionsKept, maxStoreBytes: maxStoreBytes,
            maxSessionBytes: sessionByteLimit, sessionIdleSeconds: sessionIdleSeconds, owners: apiKeys.count,
            callTimeout: storeTimeout)
    }
}
