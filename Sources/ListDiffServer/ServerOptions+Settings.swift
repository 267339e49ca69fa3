import ListDiffHTTP
import ListDiffRedis
import ListDiffService

extension ServerOptions {
    /// Every flag, in `--help`'s order; each help text names its default as ``defaults`` has it.
    static let settings: [Setting] = [
        Setting(
            flag: "--host", environment: "LISTDIFF_HOST",
            help:
                "address to bind (default \(defaults.http.host)); an address other than loopback needs --api-keys or --token-keys, or --allow-anonymous on"
        ) {
            $0.http.host = $1
            return !$1.isEmpty
        },
        Setting(
            flag: "--port", environment: "LISTDIFF_PORT",
            help: "TCP port, 0 for an ephemeral one (default \(defaults.http.port))"
        ) {
            config, value in
            integer(value, in: 0...65535).map { config.http.port = $0 } != nil
        },
        Setting(
            flag: "--log-level", environment: "LISTDIFF_LOG_LEVEL",
            help: "debug, info (access log), warning, error, off (default \(defaults.http.logLevel))"
        ) { config, value in
            LogLevel(name: value).map { config.http.logLevel = $0 } != nil
        },
        Setting(
            flag: "--event-loops", environment: "LISTDIFF_EVENT_LOOPS",
            help: "event-loop threads (default: one per core)"
        ) { config, value in
            integer(value, in: 1...1024).map { config.http.eventLoopCount = $0 } != nil
        },
        Setting(
            flag: "--workers", environment: "LISTDIFF_WORKERS",
            help:
                "worker threads for heavy handlers and store calls (default: one per core; four per core with a Redis store, whose calls wait on the network)"
        ) { config, value in
            config.workersGiven = true
            return integer(value, in: 1...1024).map { config.http.workerCount = $0 } != nil
        },
        Setting(
            flag: "--max-connections", environment: "LISTDIFF_MAX_CONNECTIONS",
            help: "open connections before new ones get 503 (default \(defaults.http.limits.maxConnections))"
        ) { config, value in
            integer(value, in: 1...10_000_000).map { config.http.limits.maxConnections = $0 } != nil
        },
        Setting(
            flag: "--max-body-bytes", environment: "LISTDIFF_MAX_BODY_BYTES",
            help: "largest request body, else 413 (default \(size(defaults.http.limits.maxBodyBytes)))"
        ) { config, value in
            bytes(value, in: 0...Int(Int32.max)).map { config.http.limits.maxBodyBytes = $0 } != nil
        },
        Setting(
            flag: "--max-buffered-body-bytes", environment: "LISTDIFF_MAX_BUFFERED_BODY_BYTES",
            help:
                "request-body bytes held at once over all connections, else 503 with Retry-After (default \(size(defaults.http.limits.maxBufferedBodyBytes)))"
        ) { config, value in
            bytes(value, in: 0...Int.max).map { config.http.limits.maxBufferedBodyBytes = $0 } != nil
        },
        Setting(
            flag: "--max-buffered-response-bytes", environment: "LISTDIFF_MAX_BUFFERED_RESPONSE_BYTES",
            help:
                "response bytes queued and not yet read over all connections (a body shared by many counted once); past it large answers get 503 with Retry-After, stream events that do not fit close their stream, stalled readers are closed (default: an eighth of memory, at most 256 MiB)"
        ) { config, value in
            bytes(value, in: 0...Int.max).map { config.http.limits.maxBufferedResponseBytes = $0 } != nil
        },
        Setting(
            flag: "--max-header-bytes", environment: "LISTDIFF_MAX_HEADER_BYTES",
            help: "largest request head, else 431 (default \(size(defaults.http.limits.maxHeaderBytes)))"
        ) { config, value in
            bytes(value, in: 256...(1 << 24)).map { config.http.limits.maxHeaderBytes = $0 } != nil
        },
        Setting(
            flag: "--max-request-line-bytes", environment: "LISTDIFF_MAX_REQUEST_LINE_BYTES",
            help: "longest request line, else 414 (default \(size(defaults.http.limits.maxRequestLineBytes)))"
        ) { config, value in
            bytes(value, in: 64...(1 << 24)).map { config.http.limits.maxRequestLineBytes = $0 } != nil
        },
        Setting(
            flag: "--header-timeout", environment: "LISTDIFF_HEADER_TIMEOUT",
            help: "seconds to receive a request head, else 408 (default \(number(defaults.http.timeouts.headerRead)))"
        ) { config, value in
            seconds(value).map { config.http.timeouts.headerRead = $0 } != nil
        },
        Setting(
            flag: "--body-timeout", environment: "LISTDIFF_BODY_TIMEOUT",
            help: "longest pause inside a request body, else 408 (default \(number(defaults.http.timeouts.bodyRead)))"
        ) { config, value in
            seconds(value).map { config.http.timeouts.bodyRead = $0 } != nil
        },
        Setting(
            flag: "--min-body-rate", environment: "LISTDIFF_MIN_BODY_RATE",
            help:
                "bytes/s a body must average after --body-timeout, else 408 (default \(number(defaults.http.timeouts.minBodyRate)))"
        ) { config, value in
            rate(value).map { config.http.timeouts.minBodyRate = $0 } != nil
        },
        Setting(
            flag: "--write-timeout", environment: "LISTDIFF_WRITE_TIMEOUT",
            help:
                "longest pause in a client's reading of a response, else close (default \(number(defaults.http.timeouts.write)))"
        ) { config, value in
            seconds(value).map { config.http.timeouts.write = $0 } != nil
        },
        Setting(
            flag: "--min-write-rate", environment: "LISTDIFF_MIN_WRITE_RATE",
            help:
                "bytes/s a client must read after --write-timeout, else close (default \(number(defaults.http.timeouts.minWriteRate)))"
        ) { config, value in
            rate(value).map { config.http.timeouts.minWriteRate = $0 } != nil
        },
        Setting(
            flag: "--idle-timeout", environment: "LISTDIFF_IDLE_TIMEOUT",
            help: "seconds a keep-alive connection may idle (default \(number(defaults.http.timeouts.idle)))"
        ) { config, value in
            seconds(value).map { config.http.timeouts.idle = $0 } != nil
        },
        Setting(
            flag: "--shutdown-grace", environment: "LISTDIFF_SHUTDOWN_GRACE",
            help:
                "seconds in-flight requests get on SIGTERM/SIGINT (default \(number(defaults.http.timeouts.shutdownGrace)))"
        ) { config, value in
            seconds(value).map { config.http.timeouts.shutdownGrace = $0 } != nil
        },
        Setting(
            flag: "--drain-delay", environment: "LISTDIFF_DRAIN_DELAY",
            help:
                "seconds to keep serving with /readyz at 503 after SIGTERM before draining (default \(number(defaults.http.timeouts.drainDelay)))"
        ) { config, value in
            guard let seconds = Double(value), seconds >= 0, seconds <= 3600 else { return false }
            config.http.timeouts.drainDelay = seconds
            return true
        },
        Setting(
            flag: "--max-sessions", environment: "LISTDIFF_MAX_SESSIONS",
            help:
                "sessions kept; one more evicts the least recently used (default \(defaults.service.store.maxSessions))"
        ) { config, value in
            integer(value, in: 1...100_000_000).map { config.service.store.maxSessions = $0 } != nil
        },
        Setting(
            flag: "--max-snapshots", environment: "LISTDIFF_MAX_SNAPSHOTS",
            help: "named snapshots per session, else 409 (default \(defaults.service.store.maxSnapshotsPerSession))"
        ) { config, value in
            integer(value, in: 1...1_000_000).map { config.service.store.maxSnapshotsPerSession = $0 } != nil
        },
        Setting(
            flag: "--max-items", environment: "LISTDIFF_MAX_ITEMS",
            help: "items per snapshot or diff side, else 422 (default \(defaults.service.store.maxItemsPerSnapshot))"
        ) { config, value in
            integer(value, in: 1...100_000_000).map { config.service.store.maxItemsPerSnapshot = $0 } != nil
        },
        Setting(
            flag: "--max-operation-work", environment: "LISTDIFF_MAX_OPERATION_WORK",
            help:
                "item steps one operations request may cost (operations × (items in the snapshot + 1)), else 422; an operation that may change an outline's structure counts as 4 (default \(defaults.service.store.maxOperationWork))"
        ) { config, value in
            integer(value, in: 1...Int.max).map { config.service.store.maxOperationWork = $0 } != nil
        },
        Setting(
            flag: "--versions-kept", environment: "LISTDIFF_VERSIONS_KEPT",
            help:
                "versions kept per snapshot, the current one included (default \(defaults.service.store.versionsKept))"
        ) { config, value in
            integer(value, in: 1...10_000).map { config.service.store.versionsKept = $0 } != nil
        },
        Setting(
            flag: "--max-store-bytes", environment: "LISTDIFF_MAX_STORE_BYTES",
            help:
                "estimated bytes of stored snapshots, a hard limit: writes evict least recently used sessions to fit, else 507 (default \(size(defaults.service.store.maxStoreBytes)))"
        ) { config, value in
            bytes(value, in: 1...Int.max).map { config.service.store.maxStoreBytes = $0 } != nil
        },
        Setting(
            flag: "--max-session-bytes", environment: "LISTDIFF_MAX_SESSION_BYTES",
            help: "estimated bytes one session may hold, else 507 (default: half of --max-store-bytes)"
        ) { config, value in
            bytes(value, in: 1...Int.max).map { config.service.store.maxSessionBytes = $0 } != nil
        },
        Setting(
            flag: "--session-ttl", environment: "LISTDIFF_SESSION_TTL",
            help:
                "seconds a session may go unused before it is evicted (default \(number(defaults.service.store.sessionIdleSeconds)))"
        ) { config, value in
            seconds(value).map { config.service.store.sessionIdleSeconds = $0 } != nil
        },
        Setting(
            flag: "--max-wait", environment: "LISTDIFF_MAX_WAIT",
            help:
                "longest long poll (changes?wait=) in seconds (default \(number(defaults.service.followers.maxWaitSeconds)))"
        ) { config, value in
            seconds(value).map { config.service.followers.maxWaitSeconds = $0 } != nil
        },
        Setting(
            flag: "--stream-heartbeat", environment: "LISTDIFF_STREAM_HEARTBEAT",
            help:
                "seconds an event stream may stay quiet before a heartbeat comment line (default \(number(defaults.service.followers.heartbeatSeconds)))"
        ) { config, value in
            seconds(value, in: 0.05...3600).map { config.service.followers.heartbeatSeconds = $0 } != nil
        },
        Setting(
            flag: "--stream-max-buffer", environment: "LISTDIFF_STREAM_MAX_BUFFER",
            help:
                "unsent bytes an event stream may hold before its reader is closed as too slow; it resumes by Last-Event-ID (default \(size(defaults.http.limits.streamMaxBufferBytes)))"
        ) { config, value in
            bytes(value, in: 1024...Int.max).map { config.http.limits.streamMaxBufferBytes = $0 } != nil
        },
        Setting(
            flag: "--max-streams", environment: "LISTDIFF_MAX_STREAMS",
            help:
                "event streams open at once over the server, else 503 with Retry-After (default \(defaults.http.limits.maxStreams))"
        ) { config, value in
            integer(value, in: 0...10_000_000).map { config.http.limits.maxStreams = $0 } != nil
        },
        Setting(
            flag: "--store-timeout", environment: "LISTDIFF_STORE_TIMEOUT",
            help:
                "seconds a store call may take, counted from when it is queued (a long poll's from its wake), else 503 store-unavailable (default \(number(defaults.service.store.callTimeout)))"
        ) { config, value in
            seconds(value, in: Double.leastNonzeroMagnitude...3600).map { config.service.store.callTimeout = $0 } != nil
        },
        Setting(
            flag: "--store-queue-limit", environment: "LISTDIFF_STORE_QUEUE_LIMIT",
            help:
                "store calls that may wait for a thread, per queue; one more is refused at once (default \(defaults.service.maxQueuedStoreCalls))"
        ) { config, value in
            integer(value, in: 1...1_000_000).map { config.service.maxQueuedStoreCalls = $0 } != nil
        },
        Setting(
            flag: "--api-keys", environment: "LISTDIFF_API_KEYS",
            help:
                "comma-separated API keys, each 'key' or 'name=key' (a name --token-keys can give as owner, not only digits); each key and name given once; when set, /v1 needs 'Authorization: Bearer <key>' (default: none)"
        ) { config, value in
            config.service.apiKeys = value.split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
            return !config.service.apiKeys.isEmpty
        },
        Setting(
            flag: "--token-keys", environment: "LISTDIFF_TOKEN_KEYS",
            help:
                "comma-separated keys that verify signed tokens (JWT, 'Authorization: Bearer <token>'): kid:hs256:<base64 secret of 32+ bytes> or kid:ed25519:<base64 public key> (one of small order, or no point of the curve, is refused), each followed by :<owner> (an API key's name or number) when --api-keys is set; when set, /v1 needs a valid token or an API key (default: none)"
        ) { config, value in
            TokenKey.list(value).map { config.service.tokens.keys = $0 } != nil
        },
        Setting(
            flag: "--token-leeway", environment: "LISTDIFF_TOKEN_LEEWAY",
            help:
                "seconds of clock skew allowed on a token's exp, nbf and iat (default \(number(defaults.service.tokens.leewaySeconds)))"
        ) { config, value in
            seconds(value, in: 0...600).map { config.service.tokens.leewaySeconds = $0 } != nil
        },
        Setting(
            flag: "--token-audience", environment: "LISTDIFF_TOKEN_AUDIENCE",
            help: "when set, a token's aud must name this value (default: aud is not checked)"
        ) { config, value in
            config.service.tokens.audience = value
            return !value.isEmpty
        },
        Setting(
            flag: "--auth-failure-limit", environment: "LISTDIFF_AUTH_FAILURE_LIMIT",
            help:
                "failed authentications (a token refused, a wrong API key) a client address may have within --auth-failure-window; past it, its requests that need a verification get 429 with Retry-After, a token verified before still passes; 0 turns the limit off (default \(defaults.service.authFailures.limit))"
        ) { config, value in
            integer(value, in: 0...1_000_000).map { config.service.authFailures.limit = $0 } != nil
        },
        Setting(
            flag: "--auth-failure-window", environment: "LISTDIFF_AUTH_FAILURE_WINDOW",
            help:
                "seconds over which --auth-failure-limit counts, from a client's first failure (default \(number(defaults.service.authFailures.windowSeconds)))"
        ) { config, value in
            seconds(value, in: 1...3600).map { config.service.authFailures.windowSeconds = $0 } != nil
        },
        Setting(
            flag: "--trusted-proxies", environment: "LISTDIFF_TRUSTED_PROXIES",
            help:
                "comma-separated addresses or CIDR blocks (10.0.0.5,fd00::/8) of proxies whose X-Forwarded-For names the client: a request from one counts against the rightmost address there that is not itself trusted; set it behind nginx, where every client shares the proxy's address (default: none, the connection's peer counts and X-Forwarded-For is ignored)"
        ) { config, value in
            TrustedProxies(parsing: value).map { config.service.authFailures.trustedProxies = $0 } != nil
        },
        Setting(
            flag: "--cors-origins", environment: "LISTDIFF_CORS_ORIGINS",
            help:
                "comma-separated origins (https://app.example.com) whose pages may call /v1 from a browser, or * for any; preflights answered (default: none)"
        ) { config, value in
            config.corsOrigins = value.split(separator: ",").map { String($0.trimmingPrefix(" ")) }.filter {
                !$0.isEmpty
            }
            return !config.corsOrigins.isEmpty
                && config.corsOrigins.allSatisfy {
                    $0 == "*" || (($0.hasPrefix("https://") || $0.hasPrefix("http://")) && !$0.hasSuffix("/"))
                }
        },
        Setting(
            flag: "--playground", environment: "LISTDIFF_PLAYGROUND",
            help: "on (default) serves the playground page and listdiff.js at /playground; off leaves them out"
        ) { config, value in
            onOff(value).map { config.playground = $0 } != nil
        },
        Setting(
            flag: "--allow-anonymous", environment: "LISTDIFF_ALLOW_ANONYMOUS",
            help:
                "off (default) refuses to start on an address other than loopback with neither --api-keys nor --token-keys; on serves anyone who reaches the port (behind a proxy that authenticates)"
        ) { config, value in
            onOff(value).map { config.allowAnonymous = $0 } != nil
        },
        Setting(
            flag: "--benchmark-routes", environment: "LISTDIFF_BENCHMARK_ROUTES",
            help:
                "on mounts POST /echo (echoes the body and its Content-Type), for scripts/bench-http.sh; off (default) leaves it out"
        ) { config, value in
            onOff(value).map { config.benchmarkRoutes = $0 } != nil
        },
        Setting(
            flag: "--store", environment: "LISTDIFF_STORE",
            help:
                "memory (default); redis://[user:password@]host[:port][/db] for Redis or Valkey; redis-cluster://[user:password@]host:port[,host:port...] for a cluster, by seed nodes (the password may come from LISTDIFF_STORE_PASSWORD instead)"
        ) { config, value in
            if value == "memory" {
                config.store = .memory
                return true
            }
            if case .success(let seeds) = RedisEndpoint.parseCluster(value) {
                config.store = .redisCluster(seeds)
                return true
            }
            guard case .success(let endpoint) = RedisEndpoint.parse(value) else { return false }
            config.store = .redis(endpoint)
            return true
        },
        Setting(
            flag: "--store-min-replicas", environment: "LISTDIFF_STORE_MIN_REPLICAS",
            help:
                "with a Redis store, replicas that must have each change (writes, operations, deletes, a session's creation) before it is acknowledged (Redis WAIT, up to 1 s), else 503 with its outcome unknown; 0 waits for none (default \(defaults.storeMinReplicas))"
        ) { config, value in
            integer(value, in: 0...100).map { config.storeMinReplicas = $0 } != nil
        },
        Setting(
            flag: "--openapi", environment: "LISTDIFF_OPENAPI",
            help: "the OpenAPI document served at /openapi.yaml (default: ./openapi.yaml)"
        ) { config, value in
            config.openAPIPath = value
            return !value.isEmpty
        }
    ]
}
