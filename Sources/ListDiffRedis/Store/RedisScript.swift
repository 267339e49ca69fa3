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
        try run(on: client, keys: keys, arguments: arguments, followedBy: []).reply
    }

    /// The script's reply and the replies of `after`, pipelined behind it on the same
    /// connection to the same server (`WAIT`, which counts the replicas that have what this
    /// connection wrote, cannot run inside a script). After a `NOSCRIPT`, both go again.
    func run(on client: any RedisClient, keys: [String], arguments: [[UInt8]], followedBy after: [RESPCommand])
        throws(RedisError) -> (reply: RESPValue, after: ArraySlice<RESPValue>)
    {
        let tail = [Array(String(keys.count).utf8)] + keys.map { Array($0.utf8) } + arguments
        var replies = try client.send(
            [RESPCommand([Array("EVALSHA".utf8), Array(sha.utf8)] + tail)] + after, routedBy: keys[0])
        if case .error(let message) = replies[0] {
            guard message.hasPrefix("NOSCRIPT") else { throw .server(message) }
            replies = try client.send(
                [RESPCommand([Array("EVAL".utf8), Array(source.utf8)] + tail)] + after, routedBy: keys[0])
            if case .error(let message) = replies[0] { throw .server(message) }
        }
        return (replies[0], replies.dropFirst())
    }
}
