/// A Lua script run by its SHA1 (`EVALSHA`), sent whole (`EVAL`) when the server does not
/// know it yet (first use, a restarted or failed-over server), which also loads it.
struct RedisScript: Sendable {
    let source: String
    let sha: String

    init(_ source: String) {
        self.source = source
        sha = SHA1.hex(Array(source.utf8))
    }

    /// The script's reply; a refusal (other than `NOSCRIPT`) throws ``RedisError/server(_:)``.
    /// Sent to the server holding `keys[0]`; every key must be in its slot.
    func run(on client: any RedisClient, keys: [String], arguments: [[UInt8]]) throws(RedisError) -> RESPValue {
        let tail = [Array(String(keys.count).utf8)] + keys.map { Array($0.utf8) } + arguments
        let reply = try client.send([RESPCommand([Array("EVALSHA".utf8), Array(sha.utf8)] + tail)], routedBy: keys[0])[
            0]
        if case .error(let message) = reply {
            guard message.hasPrefix("NOSCRIPT") else { throw .server(message) }
            return try client.call(RESPCommand([Array("EVAL".utf8), Array(source.utf8)] + tail), routedBy: keys[0])
        }
        return reply
    }
}
