/// Commands sent to the node importing a slot, after it answered `ASK`: each needs `ASKING`
/// just before it, except inside a transaction, where the one before `MULTI` lasts to `EXEC`.
enum ClusterAsking {
    /// Sends `commands` with their `ASKING`s on one of `pool`'s connections and returns the
    /// commands' own replies.
    static func send(_ commands: [RESPCommand], on pool: RedisConnectionPool) throws(RedisError) -> [RESPValue] {
        var outgoing: [RESPCommand] = []
        var isAsking: [Bool] = []
        var inTransaction = false
        for command in commands {
            let name = command.name
            if !inTransaction {
                outgoing.append(RESPCommand("ASKING"))
                isAsking.append(true)
            }
            if name == "MULTI" { inTransaction = true }
            if name == "EXEC" || name == "DISCARD" { inTransaction = false }
            outgoing.append(command)
            isAsking.append(false)
        }
        let replies = try pool.send(outgoing)
        return zip(replies, isAsking).compactMap { reply, asking in asking ? nil : reply }
    }
}
