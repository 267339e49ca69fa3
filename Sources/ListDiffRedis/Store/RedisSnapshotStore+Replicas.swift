import ListDiffStore

/// Acknowledged means replicated, when asked (`minReplicas` > 0): each script that changes
/// what Redis holds — a write, a snapshot's or a session's delete, a session's creation — is
/// followed, on the same connection, by `WAIT minReplicas timeout`, which answers how many
/// replicas have received everything that connection wrote. Fewer than asked within the
/// timeout, and the change is refused as unavailable with its outcome unknown: the server holds
/// it, but a failover to a replica that lacks it would lose it (a deleted snapshot would be
/// back), so it is not acknowledged — nor taken by this instance as committed: no guess kept
/// for the next write, no wait answered from it directly (the script's `PUBLISH` still wakes
/// waits, which then read what the server holds). Retrying is safe: a write with its
/// `If-Match` (a 412 then tells it was kept), a delete (a 404 then tells it was done).
extension RedisSnapshotStore {
    /// What follows each write's script: `WAIT`, or nothing.
    var replicaWait: [RESPCommand] {
        guard replication.minReplicas > 0 else { return [] }
        let milliseconds = max(1, Int((replication.timeout * 1000).rounded()))
        return [RESPCommand("WAIT", String(replication.minReplicas), String(milliseconds))]
    }

    /// Runs `script`, one that changes what Redis holds, with ``replicaWait`` pipelined behind
    /// it: its reply, and what followed (for ``checkReplicated(_:)`` once the reply says the
    /// script changed something).
    func runReplicated(_ script: RedisScript, keys: [String], arguments: [[UInt8]]) throws(StoreError)
        -> (reply: RESPValue, after: ArraySlice<RESPValue>)
    {
        try redis(outcomeUnknown: true) { () throws(RedisError) in
            try script.run(on: client, keys: keys, arguments: arguments, followedBy: replicaWait)
        }
    }

    /// Throws unless `replies` (what followed a changing script) say enough replicas have the change.
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
            "the change reached \(acknowledged) of the \(replication.minReplicas) replicas asked for within \(RedisError.tenths(replication.timeout)) s, not acknowledged: its outcome is unknown",
            outcomeUnknown: true)
    }
}
