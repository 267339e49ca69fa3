extension RedisSnapshotStore {
    /// The replies of read-only `commands` run in one transaction (`MULTI` … `EXEC`) on the
    /// server of `key`, and those of `after`, sent behind them in the same round trip.
    ///
    /// Out of memory, Redis queues no command in a transaction (the queue itself could grow):
    /// then the commands go again back to back without one, losing only their isolation from
    /// a write landing between them — reads must still work on a full store. Any other refusal
    /// (busy, loading) aborts the `EXEC` and throws.
    func transaction(_ commands: [RESPCommand], routedBy key: String, then after: [RESPCommand] = [])
        throws(RedisError) -> (replies: [RESPValue], after: ArraySlice<RESPValue>)
    {
        let replies = try client.send(
            [RESPCommand("MULTI")] + commands + [RESPCommand("EXEC")] + after, routedBy: key)
        let outOfMemory = replies[1...commands.count].contains {
            if case .error(let message) = $0 { message.hasPrefix("OOM") } else { false }
        }
        if outOfMemory { return (try client.send(commands, routedBy: key), replies.suffix(after.count)) }
        // `OK` and a `QUEUED` for each command.
        for reply in replies.prefix(commands.count + 1) { _ = try Self.answered(reply) }
        let results = try Self.array(replies[commands.count + 1], "a transaction's replies (EXEC)")
        guard results.count == commands.count else { throw .unexpectedReply("a reply per command (EXEC)") }
        return (results, replies.suffix(after.count))
    }
}
