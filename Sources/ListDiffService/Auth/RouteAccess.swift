/// What a token needs to use a `/v1` route, declared where the route is mounted
/// (``ListDiffService/mount(on:)``) and checked by the `/v1` group's middleware
/// (``CallerAuthentication``) on every request of it. An API key, or an open server, uses every
/// route whatever it declares; a token for a session the path names but the token does not
/// gets that session's 404 first, whatever the route declares.
enum RouteAccess: Sendable, Equatable {
    /// Scope `read` (which `write` implies): reading snapshots, sessions and changes.
    case read
    /// Scope `read`, the token taken as the `access_token` query parameter too: the event
    /// stream, which a browser's `EventSource` opens without headers. On every other route a
    /// token in the query is refused.
    case readWithQueryToken
    /// Scope `write`: writing and deleting snapshots.
    case write
    /// Scope `diff`: diffs of lists the caller sends.
    case diff
    /// Scope `write`, and sessions that name the one the `X-ListDiff-Session-Name` header
    /// asks for, or every session (`*`) when the server chooses the name.
    case sessionCreation
    /// API keys only: a token is refused, with `detail` saying why.
    case apiKeyOnly(detail: String)

    /// Whether a token may come as the `access_token` query parameter.
    var takesQueryToken: Bool { self == .readWithQueryToken }
}
