import Foundation
import ListDiff
import ListDiffStore
import ListDiffWire

/// A ``SnapshotStore`` in Redis or Valkey, so that instances keep no state of their own: every
/// version is one atomic script (``RedisScripts/write``) that commits only if the snapshot is
/// still at the version the writer diffed against; a write without `If-Match` that lost the
/// race diffs again on the new base, one with `If-Match` gets its 412 — as the memory store
/// serialises writes. Epochs and version counters belong to the stored session (see
/// ``RedisKeys``): a session whose keys are gone is new when next written, with a new epoch.
///
/// Keeps the current version as the API's JSON and each older version whole (not as a reverse
/// delta), `versionsKept − 1` of them, each with the marks its write carried (read only by
/// `changes`: see `RedisSnapshotStore+Marks.swift`). Sessions expire `sessionIdleSeconds` after their last
/// use (a write, or a read of the session); memory and eviction are Redis's (`maxmemory` with
/// a volatile policy).
///
/// Its calls block the calling thread while they wait on Redis (an ``InlineSnapshotStore``):
/// the service keeps them off its event loops (``StoreFactory``'s `blocks`).
///
/// Waits are held by the instance they were made on; a write through any instance answers them
/// (its own at once, another's through one subscriber connection per instance, started with the
/// first wait — see ``VersionSubscriber``).
///
/// Only a reply that found nothing is "nothing there": an error reply (busy, loading, a cluster
/// down, a read-only replica, out of memory) or one of an unexpected type refuses the call as
/// ``StoreError/unavailable(_:outcomeUnknown:)`` or, out of memory, ``StoreError/storeFull(_:)``
/// (see ``storeError(_:outcomeUnknown:)``); the reply's own text goes to the log.
public final class RedisSnapshotStore: InlineSnapshotStore, @unchecked Sendable {
    // Sendable argument: `subscriber` and `recheckAddresses` are only touched while holding
    // `subscriberLock`; every other property is immutable and Sendable.
    public let limits: StoreLimits
    let client: any RedisClient
    let namespace: String
    let waiters = LocalWaiters()
    /// Writes to one snapshot through this instance take turns: one lock per stripe of addresses.
    let writeTurns = (0..<64).map { _ in NSLock() }
    let probing = ProbeFlag()
    /// What this instance wrote last, for the next write to build on (see ``RecentSnapshots``).
    let recent = RecentSnapshots(budget: 64 << 20)
    /// What this instance knows to be current, for waits (see ``KnownVersions``).
    let known = KnownVersions(budget: 64 << 20)
    let seam = VersionMessageSeam()
    let touches = TouchTimes()
    let subscriberLock = NSLock()
    var subscriber: VersionSubscriber?
    /// The snapshots whose waits could not be checked (the server did not answer): the
    /// subscriber's next idle turn checks them again, and only them.
    var recheckAddresses: Set<SnapshotAddress> = []
    let differ: SnapshotDiffer
    let refusals: RefusalLog
    /// Replicas each write waits for (see `RedisSnapshotStore+Replicas.swift`).
    let replication: RedisReplication
    /// Where the calls this store makes on its own behalf run: its subscriber's follow-ups, its probe.
    let background: any BackgroundStoreCalls
    /// The threads made for `background` when none was given, stopped with the store.
    private let ownThreads: StoreCallThreads?

    /// A store over `client` (one server's pool, or a cluster's client), its keys under
    /// `namespace` (`ld` unless several stores share one server). `log` is told the server's
    /// refusals in its own words (which no answer carries), at most one line a second per kind.
    /// `replication`: how many replicas must have a write before it is acknowledged. `differ`
    /// runs every diff (the service's times them for its metrics). `background` runs the calls
    /// the store makes on its own behalf (the service's executor; without one, two threads of
    /// the store's own with ``StoreLimits/callTimeout``).
    /// Asks the server once, in the background, so that ``isReachable`` soon knows.
    public init(
        client: any RedisClient, limits: StoreLimits, namespace: String = "ld",
        replication: RedisReplication = RedisReplication(), differ: SnapshotDiffer = .unmeasured,
        background: (any BackgroundStoreCalls)? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.client = client
        self.limits = limits
        self.namespace = namespace
        self.replication = replication
        self.differ = differ
        refusals = RefusalLog(log)
        if let background {
            self.background = background
            ownThreads = nil
        } else {
            let threads = StoreCallThreads(
                threadCount: 2, timeout: limits.callTimeout, queueLimit: 1024, name: "listdiff-redis")
            self.background = threads
            ownThreads = threads
        }
        probeInBackground()
    }

    deinit {
        subscriber?.stop()
        ownThreads?.stop()
    }

    /// Empty: each stored session has its own epoch, kept in Redis with it.
    public var epoch: String { "" }

    public func createSession(owner: Int, name: String?) throws(StoreError) -> String {
        let name = name ?? RandomToken.hex(bits: 128)
        let keys = keys(owner: owner, session: name)
        let (made, replicated) = try runReplicated(
            RedisScripts.createSession, keys: [keys.session, keys.names],
            arguments: [RandomToken.hex(bits: 64), ttl].map { Array($0.utf8) })
        let isNew = try parse(outcomeUnknown: true) { () throws(RedisError) in
            try Self.flag(made, "1 or 0 (createSession)")
        }
        guard isNew else { throw .sessionExists(name) }
        try checkReplicated(replicated)
        return name
    }

    public func listSnapshots(owner: Int, session: String) throws(StoreError) -> WireSessionListing {
        let keys = keys(owner: owner, session: session)
        let touch = touchCommand(keys)
        let replies = try redis { () throws(RedisError) in
            try client.send(
                [RESPCommand("HGET", keys.session, "epoch"), RESPCommand("SMEMBERS", keys.names)]
                    + (touch.map { [$0] } ?? []), routedBy: keys.session)
        }
        let (epoch, names) = try parse { () throws(RedisError) in
            (
                try Self.optionalString(replies[0], "the session's epoch (HGET)"),
                try Self.strings(replies[1], "the session's snapshot names (SMEMBERS)")
            )
        }
        if touch != nil { touched(replies[2], keys) }
        guard let epoch else { throw .sessionNotFound(session) }
        let heads = try redis { () throws(RedisError) in
            try client.send(
                names.map { RESPCommand("HMGET", keys.snapshot($0), "version", "digest", "items", "flat", "epoch") },
                routedBy: keys.session)
        }
        var listing = WireSessionListing(session: session, snapshots: [])
        for (name, reply) in zip(names, heads) {
            let head = try parse { () throws(RedisError) -> WireSessionListing.Snapshot? in
                let fields = try Self.optionalStrings(reply, "a snapshot's head (HMGET)")
                guard fields.count == 5 else { throw .unexpectedReply("a snapshot's head (HMGET)") }
                // No version: deleted since the names were read (or another epoch's, left by a gone session).
                guard let number = fields[0], fields[4].map({ $0 == epoch }) ?? true else { return nil }
                guard let version = Int(number), version > 0 else {
                    throw .unexpectedReply("a snapshot's version number")
                }
                return WireSessionListing.Snapshot(
                    name: name, version: SnapshotVersion(epoch: epoch, number: version, snapshotDigest: fields[1]).text,
                    digest: fields[1] ?? "", items: fields[2].flatMap { Int($0) } ?? 0, isFlat: fields[3] == "1")
            }
            if let head { listing.snapshots.append(head) }
        }
        listing.snapshots.sort { $0.name < $1.name }
        return listing
    }

    public func deleteSession(owner: Int, session: String) throws(StoreError) {
        let keys = keys(owner: owner, session: session)
        recent.remove(owner: owner, session: session)
        let (deleted, replicated) = try runReplicated(
            RedisScripts.deleteSession, keys: [keys.session, keys.names], arguments: [Array(channel.utf8)])
        let existed = try parse(outcomeUnknown: true) { () throws(RedisError) in
            try Self.flag(deleted, "1 or 0 (deleteSession)")
        }
        known.forget(owner: owner, session: session)
        guard existed else { throw .sessionNotFound(session) }
        try checkReplicated(replicated)
        for waiter in waiters.take(owner: owner, session: session) { waiter.answer(.failure(.gone(.sessionDeleted))) }
    }

    public func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions
    ) throws(StoreError) -> WriteResult {
        try limits.checkItems(snapshot.numberOfItems, pointer: "")
        return try commit(at: address, conditions: conditions, isFlat: isFlat, options: options, existing: false) {
            _, _ in snapshot
        }
    }

    public func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition, options: DiffOptions
    ) throws(StoreError) -> WriteResult {
        try commit(at: address, conditions: conditions, isFlat: nil, options: options, existing: true) {
            (current, isFlat) throws(StoreError) in
            try limits.applying(operations, to: current, isFlat: isFlat)
        }
    }

    /// Always asks Redis: a version this instance knows may be one message behind a write just
    /// answered through another instance, and a client that wrote there and reads here must
    /// not be shown the version before its own (``changes(at:since:options:)`` may answer from
    /// what is known: "nothing since yours" never takes a client back).
    public func read(_ address: SnapshotAddress) throws(StoreError) -> StoredVersion {
        subscribe()
        let current = try existing(address, body: true)
        let body = current.body
        return StoredVersion(head: current.head, numberOfItems: current.items) { Self.decode(body) }
    }

    public func changes(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions) throws(StoreError)
        -> SnapshotChanges
    {
        subscribe()
        if let known = knownForChanges(address), known.head.version == since {
            return .changes(from: since, to: known.head, diff: nil)
        }
        // The JSON comes along (bytes, no round trip) so that this instance knows it: a stream
        // or long poll opened at the current version is then answered from the next message.
        return try changes(at: address, since: since, options: options, head: existing(address, body: true).head)
    }

    /// What this instance knows of `address` and may answer `changes` with, no round trip:
    /// known, on a server that evicts nothing (``KnownVersions/stored(_:)``), in a
    /// session it touched less than a slack ago (so it cannot have expired, and the read needs
    /// no touch: it counts as a use all the same). Never in a cluster: a failover of the node
    /// holding the session, which may lose its last writes, does not break the subscriber's
    /// connection to another node, so nothing would tell this instance.
    func knownForChanges(_ address: SnapshotAddress) -> KnownVersions.Entry? {
        guard !(client is RedisClusterClient), let known = known.stored(address),
            !touches.isDue(keys(address).session, slack: touchSlack)
        else {
            return nil
        }
        return known
    }

    /// What changed since `since` on `address`, whose head was just read as `head` (a wake
    /// reads it once for all its waits, and spares each answer that round trip).
    func changes(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions, head: SnapshotHead)
        throws(StoreError) -> SnapshotChanges
    {
        if since == head.version { return .changes(from: since, to: head, diff: nil) }
        let keys = keys(address)
        // The current version and the history in one transaction, so they agree.
        let (current, history) = try redis { () throws(RedisError) in
            let (results, _) = try transaction(
                [fieldsCommand(address, body: true), RESPCommand("LRANGE", keys.history(address.snapshot), "0", "-1")],
                routedBy: keys.session)
            _ = try Self.array(results[1], "the history (LRANGE)")
            return (results[0], results[1])
        }
        let epoch = head.version.epoch
        let stored = try parse { () throws(RedisError) in try Self.state(epoch: epoch, fields: current) }
        guard let state = stored else { throw .notFound(address, neverWritten: false) }
        let marked = Self.decodeMarked(state.body)
        let newest = marked.hasMarks ? marked.withoutMarks : marked
        let reset = SnapshotChanges.reset(StoredVersion(head: state.head, numberOfItems: state.items) { newest })
        guard since.epoch == state.head.version.epoch, since.number < state.head.version.number else {
            return since == state.head.version ? .changes(from: since, to: state.head, diff: nil) : reset
        }
        guard let body = Self.historyEntry(of: since, in: history) else { return reset }
        let older = Self.decode(body)
        // The marks of every version after `since`: the current one's and the history's.
        var marks = VersionMarks(of: marked)
        marks.formUnion(Self.historyMarks(after: since.number, in: history))
        guard
            let diff = try? differ.diff(from: older, to: marks.marking(newest), options: options)
        else { return reset }
        return .changes(from: since, to: state.head, diff: diff)
    }

    public func deleteSnapshot(_ address: SnapshotAddress) throws(StoreError) {
        _ = recent.take(address)
        known.forget(address)
        let keys = keys(address)
        let (reply, replicated) = try runReplicated(
            RedisScripts.deleteSnapshot,
            keys: [keys.session, keys.names, keys.snapshot(address.snapshot), keys.history(address.snapshot)],
            arguments: [Array(address.snapshot.utf8), Array(channel.utf8)])
        let outcome = try parse(outcomeUnknown: true) { () throws(RedisError) in
            try Self.optionalString(reply, "ok, nosession or nosnapshot (deleteSnapshot)")
        }
        switch outcome {
        case "nosession": throw .sessionNotFound(address.session)
        case "nosnapshot": throw .notFound(address, neverWritten: false)
        case "ok":
            try checkReplicated(replicated)
            for waiter in waiters.take(address) { waiter.answer(.failure(.gone(.snapshotDeleted))) }
        default:
            throw failure(.unexpectedReply("ok, nosession or nosnapshot (deleteSnapshot)"), outcomeUnknown: true)
        }
    }

    public func waitForChange(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping @Sendable (Result<SnapshotChanges, StoreError>) -> Void
    ) throws(StoreError) -> ChangeWait? {
        subscribe()
        // Registered before the version is looked at: a write after that notifies this wait,
        // one before it shows in what was looked at. The version is the one this instance
        // knows (no round trip) unless it knows none, or the session is due a touch (a wait
        // is a use of it); else one read.
        let id = waiters.add(address, since: since, options: options, answer: answer)
        let head: SnapshotVersion
        if let current = known.current(address), !touches.isDue(keys(address).session, slack: touchSlack) {
            head = current
        } else {
            do {
                head = try existing(address, body: false).head.version
            } catch {
                waiters.remove(address, id)
                throw error
            }
        }
        // The head moved: no wait, unless a write took this one first — then its answer is
        // under way, and the caller must hear of it as a registered wait, not as nil.
        if head != since, waiters.remove(address, id) { return nil }
        return ChangeWait { [waiters] in waiters.remove(address, id) }
    }

    /// Round trips and failures; what Redis holds is for its own `INFO keyspace` and
    /// `INFO memory` to tell (see ``StoreStatistics/countsHoldings``).
    public func statistics() -> StoreStatistics {
        var statistics = StoreStatistics()
        statistics.countsHoldings = false
        let calls = client.statistics
        statistics.roundTrips = calls.roundTrips
        statistics.roundTripFailures = calls.failures
        return statistics
    }

    /// Whether the server has answered, and the last call was served: neither unanswered nor
    /// refused as serving nothing now (busy, loading, a cluster down — see
    /// ``RedisCallStatistics``). Answers at once (a readiness probe must not wait on the
    /// network): when that is not so, or no call was made for a second, a probe goes out in the
    /// background (one at a time), so that the next question learns whether the server serves
    /// — an idle instance notices its server gone too, or back.
    public var isReachable: Bool {
        let calls = client.statistics
        if calls.lastFailed || !calls.served || SystemSocket.now() - calls.lastCallAt > 1 { probeInBackground() }
        return calls.served && !calls.lastFailed
    }

    private func probeInBackground() {
        guard probing.acquire() else { return }
        background.run(
            queuedAt: .now,
            { [client, probing] in
                client.probe()
                probing.release()
            }, refused: { [probing] _ in probing.release() })
    }
}
