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
        if Self.isOutOfMemory(replies, commands: commands.count) {
            return (try client.send(commands, routedBy: key), replies.suffix(after.count))
        }
        return try Self.transactionResults(replies, commands: commands.count, after: after.count)
    }

    /// ``transaction(_:routedBy:then:)`` through `client`'s pipeline: no thread waits on it.
    /// The answer comes on the pipeline's thread.
    func transaction(
        _ commands: [RESPCommand], routedBy key: String, then after: [RESPCommand] = [],
        through client: any RedisPipelinedClient,
        answer: @escaping @Sendable (Result<(replies: [RESPValue], after: ArraySlice<RESPValue>), RedisError>) -> Void
    ) {
        client.send([RESPCommand("MULTI")] + commands + [RESPCommand("EXEC")] + after, routedBy: key) { result in
            switch result {
            case .failure(let error):
                answer(.failure(error))
            case .success(let replies) where Self.isOutOfMemory(replies, commands: commands.count):
                client.send(commands, routedBy: key, answer: Self.pairing(answer, with: replies.suffix(after.count)))
            case .success(let replies):
                answer(
                    Result { () throws(RedisError) in
                        try Self.transactionResults(replies, commands: commands.count, after: after.count)
                    })
            }
        }
    }

    /// `answer`, given the replies of commands sent again without a transaction together with
    /// `behind`, the first round trip's replies to the commands sent after it.
    private static func pairing(
        _ answer:
            @escaping @Sendable (Result<(replies: [RESPValue], after: ArraySlice<RESPValue>), RedisError>) -> Void,
        with behind: ArraySlice<RESPValue>
    ) -> @Sendable (Result<[RESPValue], RedisError>) -> Void {
        { result in answer(result.map { ($0, behind) }) }
    }

    /// Whether the server refused to queue a transaction's commands for want of memory.
    private static func isOutOfMemory(_ replies: [RESPValue], commands: Int) -> Bool {
        replies[1...commands].contains {
            if case .error(let message) = $0 { message.hasPrefix("OOM") } else { false }
        }
    }

    /// The commands' results from a transaction's replies, and the replies behind it.
    private static func transactionResults(_ replies: [RESPValue], commands: Int, after: Int) throws(RedisError)
        -> (replies: [RESPValue], after: ArraySlice<RESPValue>)
    {
        // `OK` and a `QUEUED` for each command.
        for reply in replies.prefix(commands + 1) { _ = try answered(reply) }
        let results = try array(replies[commands + 1], "a transaction's replies (EXEC)")
        guard results.count == commands else { throw .unexpectedReply("a reply per command (EXEC)") }
        return (results, replies.suffix(after))
    }
}
