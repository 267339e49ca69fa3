import Foundation
import ListDiffHTTP

/// The credentials `/v1` takes: API keys (`--api-keys`) and tokens (`--token-keys`), both as
/// `Authorization: Bearer <value>`. A value of three base64url segments is a token, anything
/// else an API key. With neither configured, every request is owner 0.
struct Credentials: Sendable {
    let keys: APIKeys
    let tokens: TokenVerifier?
    /// Failed authentications per client address: past the limit, 429 before any verification.
    let failures: FailedAuthenticationLimiter
    /// Whose `X-Forwarded-For` names the client the limit counts.
    let proxies: TrustedProxies

    init(_ configuration: ServiceConfiguration) {
        let keys = APIKeys(configuration.apiKeys)
        self.keys = keys
        tokens =
            configuration.tokens.keys.isEmpty
            ? nil
            : TokenVerifier(
                keys: configuration.tokens.keys,
                owner: { key in
                    guard keys.isEnabled else { return key.owner == nil ? 0 : nil }
                    return key.owner.flatMap { keys.owner(named: $0) }
                }, leeway: configuration.tokens.leewaySeconds, audience: configuration.tokens.audience)
        failures = FailedAuthenticationLimiter(
            limit: configuration.authFailures.limit, windowSeconds: configuration.authFailures.windowSeconds)
        proxies = configuration.authFailures.trustedProxies
    }

    var isEnabled: Bool { keys.isEnabled || tokens != nil }

    /// The request's caller, or its refusal (RFC 6750 §3): 401 with `WWW-Authenticate` for no
    /// credentials or another scheme than Bearer, and with `error="invalid_token"` for a key or
    /// token refused; 400 `error="invalid_request"` for a Bearer field with nothing in it or a
    /// token sent two ways (and 400 `invalid-header` for two `Authorization` fields: which one
    /// counts is not for the server to guess); 429 when the client is past its limit of failed
    /// authentications and its credentials would need verifying. Needs only the head, so it
    /// runs before a body is read. Where `queryTokenAllowed` (the event stream, which a
    /// browser's `EventSource` opens without headers), a token may come as the `access_token`
    /// query parameter instead (RFC 6750 §2.3) — a token, never an API key, whose lifetime
    /// bounds what a leaked URL gives away.
    func caller(of request: HTTPRequest, queryTokenAllowed: Bool = false) throws(ServiceProblem) -> Caller {
        guard isEnabled else { return Caller(owner: 0) }
        let fields = request.headers.values(for: "Authorization")
        guard fields.count <= 1 else {
            throw ServiceProblem.invalidHeader(
                "Authorization", "the request has \(fields.count) Authorization fields; send exactly one")
        }
        if let queryToken = request.queryValue("access_token") {
            guard queryTokenAllowed else {
                throw Self.invalidRequest(
                    "access_token is taken on the events route only; send 'Authorization: Bearer <\(value)>'")
            }
            // One way of sending it per request (RFC 6750 §2).
            guard fields.isEmpty else {
                throw Self.invalidRequest("send the token either as access_token or in Authorization, not both")
            }
            return try tokenCaller(Substring(queryToken), of: request)
        }
        guard let header = fields.first else {
            throw Self.unauthorized("this server requires \(accepted): send 'Authorization: Bearer <\(value)>'")
        }
        let presented = try bearerValue(header)
        if tokens != nil, TokenVerifier.looksLikeToken(presented) { return try tokenCaller(presented, of: request) }
        guard keys.isEnabled else {
            throw Self.unauthorized(
                "this server takes tokens only, and the bearer value is not one (three base64url segments)",
                error: "invalid_token")
        }
        let client = proxies.clientAddress(of: request)
        let now = ProcessInfo.processInfo.systemUptime
        try admitAttempt(from: client, at: now)
        guard let owner = keys.owner(presenting: Array(presented.utf8)) else {
            failures.recordFailure(of: client, at: now)
            throw Self.unauthorized("the API key is not valid", error: "invalid_token")
        }
        return Caller(owner: owner)
    }

    /// The value of a Bearer `Authorization` field. Cut at the first space by bytes: a
    /// Character split would walk a token's 200-odd bytes as graphemes on every request.
    private func bearerValue(_ header: String) throws(ServiceProblem) -> Substring {
        let space = header.utf8.firstIndex(of: UInt8(ascii: " ")) ?? header.endIndex
        let scheme = header[..<space]
        guard !scheme.isEmpty else {
            throw Self.invalidRequest("the Authorization field is empty; send 'Authorization: Bearer <\(value)>'")
        }
        // Another scheme is no credentials for this one: 401 without an error code (RFC 6750 §3).
        guard scheme.lowercased() == "bearer" else {
            throw Self.unauthorized(
                "this server takes the Bearer scheme only: send 'Authorization: Bearer <\(value)>'")
        }
        let presented = header[space...].trimmingSpaces
        guard !presented.isEmpty else {
            throw Self.invalidRequest("the Bearer credentials are empty; send 'Authorization: Bearer <\(value)>'")
        }
        return presented
    }

    /// The caller a token presents, or its refusal. A token verified before and still current
    /// is taken even from a client past its limit of failures (another client behind the same
    /// address keeps working); any other look at a token counts against that limit.
    private func tokenCaller(_ presented: Substring, of request: HTTPRequest) throws(ServiceProblem) -> Caller {
        guard let tokens, TokenVerifier.looksLikeToken(presented) else {
            throw Self.unauthorized(
                tokens == nil
                    ? "this server takes no tokens: access_token cannot be used"
                    : "access_token takes a token (three base64url segments), never an API key",
                error: "invalid_token")
        }
        let wallClock = Date().timeIntervalSince1970
        if let grants = tokens.cachedGrants(presented, now: wallClock) {
            return Caller(owner: grants.owner, grants: grants)
        }
        let client = proxies.clientAddress(of: request)
        let now = ProcessInfo.processInfo.systemUptime
        try admitAttempt(from: client, at: now)
        do {
            let grants = try tokens.verifiedGrants(presented, now: wallClock)
            return Caller(owner: grants.owner, grants: grants)
        } catch {
            failures.recordFailure(of: client, at: now)
            throw error.problem
        }
    }

    /// Throws 429 `too-many-failed-authentications` with `Retry-After` when `client` is past its
    /// limit of failed authentications at `now` (monotonic seconds).
    private func admitAttempt(from client: HTTPPeerAddress, at now: Double) throws(ServiceProblem) {
        guard let seconds = failures.retryAfter(for: client, at: now) else { return }
        var problem = ServiceProblem(
            429, "too-many-failed-authentications", title: "Too many failed authentications",
            detail:
                "this client failed to authenticate \(failures.limit) times within \(Self.seconds(failures.windowSeconds)); until its window ends only a token verified before is taken: retry after \(seconds) s"
        )
        problem.headers.append(name: "Retry-After", value: String(seconds))
        throw problem
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private var accepted: String {
        switch (keys.isEnabled, tokens != nil) {
        case (true, true): return "an API key or a token"
        case (false, true): return "a token"
        default: return "an API key"
        }
    }

    private var value: String { keys.isEnabled ? (tokens != nil ? "key or token" : "key") : "token" }

    private static func unauthorized(_ detail: String, error: String? = nil) -> ServiceProblem {
        var problem = ServiceProblem(401, "unauthorized", title: "Unauthorized", detail: detail)
        problem.headers.append(
            name: "WWW-Authenticate", value: "Bearer realm=\"listdiff\"" + (error.map { ", error=\"\($0)\"" } ?? ""))
        return problem
    }

    /// 400 with `WWW-Authenticate: Bearer error="invalid_request"` (RFC 6750 §3.1): credentials
    /// sent in a form the server cannot take.
    private static func invalidRequest(_ detail: String) -> ServiceProblem {
        var problem = ServiceProblem(400, "invalid-authorization", title: "Invalid authorization", detail: detail)
        problem.headers.append(name: "WWW-Authenticate", value: "Bearer realm=\"listdiff\", error=\"invalid_request\"")
        return problem
    }
}
