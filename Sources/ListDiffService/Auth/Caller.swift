/// Who a `/v1` request comes from: the owner whose sessions it sees (0 without API keys or
/// tokens), and, for a token, what the token grants; nil grants are an API key's (or an open
/// server's): every session of the owner, every route.
struct Caller: Sendable {
    var owner: Int
    var grants: TokenGrants?
}
