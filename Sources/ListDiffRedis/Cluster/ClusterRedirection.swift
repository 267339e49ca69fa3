/// A cluster node's answer that a key's slot is served elsewhere: `-MOVED <slot> <host:port>`
/// (for good: update the slot map), `-ASK <slot> <host:port>` (mid-migration: ask that node
/// once, after `ASKING`), or `-TRYAGAIN` (a multi-key command mid-migration: retry shortly).
enum ClusterRedirection: Equatable {
    case moved(slot: Int, to: RedisEndpoint)
    case ask(slot: Int, to: RedisEndpoint)
    case tryAgain

    /// The redirection an error reply asks for; nil for any other reply. The node's address
    /// carries no credentials: `login`'s are used.
    init?(_ reply: RESPValue, login: RedisEndpoint) {
        guard case .error(let message) = reply else { return nil }
        if message.hasPrefix("TRYAGAIN") {
            self = .tryAgain
            return
        }
        let parts = message.split(separator: " ")
        guard parts.count == 3, parts[0] == "MOVED" || parts[0] == "ASK", let slot = Int(parts[1]),
            let colon = parts[2].lastIndex(of: ":"), let port = Int(parts[2][parts[2].index(after: colon)...])
        else { return nil }
        var node = login
        node.host = String(parts[2][..<colon])
        node.port = port
        self = parts[0] == "MOVED" ? .moved(slot: slot, to: node) : .ask(slot: slot, to: node)
    }
}
