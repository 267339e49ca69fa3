import ListDiffStore

/// Acknowledged means replicated, when asked (`minReplicas` > 0): each write's script is
/// followed, on the same connection, by `WAIT minReplicas timeout`, which answers how many
/// replicas have received everything that connection wrote. Fewer than asked within the
/// timeout, and the write is refused as unavailable with its outcome unknown: the server holds
/// it, but a failover to a replica that lacks it would lose it, so it is not acknowledged —
/// nor taken by this instance as committed: no guess kept for the next write, no wait
/// answered from it directly (the script's `PUBLISH` still wakes waits, which then read what
/// the server holds). Retrying with its `If-Match` is safe (a 412 then tells it was kept).
extension RedisSnapshotStore {
    /// What follows each write's script: `WAIT`, or nothing.
    var replicaWait: [RESPCommand] {
        guard replication.minReplicas > 0 else { return [] }
        let milliseconds = max(1, Int((replication.timeout * 1000).rounded()))
        return [RESPCommand("WAIT", String(replication.minReplicas), String(milliseconds))]
    }

    /// Runs ``RedisScripts/write`` with ``replicaWait`` pipelined behind it: its reply, and what followed.
    func runWrite(keys: [String], arguments: [[UInt8]]) throws(StoreError)
        -> (reply: RESPValue, after: ArraySlice<RESPValue>)
    {
        try redis(outcomeUnknown: true) { () throws(RedisError) in
            try RedisScripts.write.run(on: client, keys: keys, arguments: arguments, followedBy: replicaWait)
        }
    }

    /// Throws unless `replies` (what followed the write's script) say enough replicas have it.
    func checkReplicated(_ replies: ArraySlice<RESPValue>) throws(StoreError) {
        guard replication.minReplicas > 0 else { return }
        let acknowledged: Int64
        do throws(RedisError) {
            guard let reply = replies.first else { throw RedisError.unexpectedReply("the replica count (WAIT)") }
            acknowledged = try Self.integer(reply, "the replica count (WAIT)")
        } catch {
            throw failure(error, outcomeUnknown: true)
        }
        guard acknowledged < replication.minReplicas else { return }
        throw .unavailable(
            "the write reached \(acknowledged) of the \(replication.minReplicas) replicas asked for within \(RedisError.tenths(replication.timeout)) s, not acknowledged: its outcome is unknown",
            outcomeUnknown: true)
    }
}
