import Foundation
import ListDiff
import ListDiffJSON
import ListDiffStore

/// A ``SnapshotStore`` in Redis or Valkey, so that instances keep no state of their own: every
/// version is one atomic script (``RedisScripts/write``) that commits only if the snapshot is
/// still at the version the writer diffed against; a write without `If-Match` that lost the
/// race diffs again on the new base, one with `If-Match` gets its 412 — as the memory store
/// serialises writes. Epochs and version counters belong to the stored session (see
/// ``RedisKeys``): a session whose keys are gone is new when next written, with a new epoch.
///
/// Keeps the current version as the API's JSON and each older version whole (not as a reverse
/// delta), `versionsKept − 1` of them. Sessions expire `sessionIdleSeconds` after their last
/// write; memory and eviction are Redis's (`maxmemory` with a volatile policy).
///
/// Waits are held by the instance they were made on; a write through any instance answers them
/// (its own at once, another's through one subscriber connection per instance, started with the
/// first wait — see ``VersionSubscriber``).
public final class RedisSnapshotStore: SnapshotStore, @unchecked Sendable {
    // Sendable argument: `subscriber` and `recheckPending` are only touched while holding
    // `subscriberLock`; every other property is immutable and Sendable.
    public let limits: StoreLimits
    private let pool: RedisConnectionPool
    private let namespace: String
    private let waiters = LocalWaiters()
    /// Writes to one snapshot through this instance take turns: one lock per stripe of addresses.
    private let writeTurns = (0..<64).map { _ in NSLock() }
    private let probing = ProbeFlag()
    private let subscriberLock = NSLock()
    private var subscriber: VersionSubscriber?
    /// A recheck of every wait failed (the server did not answer): the subscriber's next idle
    /// turn tries again.
    private var recheckPending = false
    private let observeDiff: DiffObserver

    /// A store over `pool`, its keys under `namespace` (`ld` unless several stores share one
    /// server).
    public init(pool: RedisConnectionPool, limits: StoreLimits, namespace: String = "ld",
                observeDiff: @escaping DiffObserver = { _, _ in }) {
        self.pool = pool
        self.limits = limits
        self.namespace = namespace
        self.observeDiff = observeDiff
    }

    deinit {
        subscriber?.stop()
    }

    public func createSession(owner: Int, name: String?) throws(StoreError) -> String {
        let name = name ?? RandomToken.hex(bits: 128)
        let keys = keys(owner: owner, session: name)
        let made = try run(RedisScripts.createSession, keys: [keys.session, keys.names], [RandomToken.hex(bits: 64), ttl])
        guard made.integer == 1 else { throw .sessionExists(name) }
        return name
    }

    public func listSnapshots(owner: Int, session: String) throws(StoreError) -> WireSessionListing {
        let keys = keys(owner: owner, session: session)
        let (epoch, names) = try redis { () throws(RedisError) in
            let replies = try pool.send([RESPCommand("HGET", keys.session, "epoch"), RESPCommand("SMEMBERS", keys.names)])
            return (replies[0].string, Self.strings(replies[1]))
        }
        guard let epoch else { throw .sessionNotFound(session) }
        let heads = try redis { () throws(RedisError) in
            try pool.send(names.map { RESPCommand("HMGET", keys.snapshot($0), "version", "digest", "items", "flat") })
        }
        var listing = WireSessionListing(session: session, snapshots: [])
        for (name, reply) in zip(names, heads) {
            let fields = Self.strings(reply)
            guard fields.count == 4, let version = Int(fields[0]), version > 0 else { continue }
            listing.snapshots.append(WireSessionListing.Snapshot(name: name, version: SnapshotVersion(epoch: epoch, number: version).text,
                                                                 digest: fields[1], items: Int(fields[2]) ?? 0, isFlat: fields[3] == "1"))
        }
        listing.snapshots.sort { $0.name < $1.name }
        return listing
    }

    public func deleteSession(owner: Int, session: String) throws(StoreError) {
        let keys = keys(owner: owner, session: session)
        guard try run(RedisScripts.deleteSession, keys: [keys.session, keys.names], [channel]).integer == 1 else { throw .sessionNotFound(session) }
        for waiter in waiters.take(owner: owner, session: session) { waiter.answer(.failure(.gone(.sessionDeleted))) }
    }

    public func write(_ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WriteConditions, options: DiffOptions) throws(StoreError) -> WriteResult {
        try limits.checkItems(snapshot.numberOfItems, pointer: "")
        return try commit(at: address, conditions: conditions, isFlat: isFlat, options: options, existing: false) { _, _ in snapshot }
    }

    public func apply(_ operations: [WireOperation], at address: SnapshotAddress, conditions: WriteConditions, options: DiffOptions) throws(StoreError) -> WriteResult {
        try commit(at: address, conditions: conditions, isFlat: nil, options: options, existing: true) { (current, isFlat) throws(StoreError) in
            try limits.applying(operations, to: current, isFlat: isFlat)
        }
    }

    public func read(_ address: SnapshotAddress) throws(StoreError) -> StoredVersion {
        let current = try existing(address, body: true)
        let body = current.body
        return StoredVersion(head: current.head, numberOfItems: current.items) { Self.decode(body) }
    }

    public func changes(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions) throws(StoreError) -> SnapshotChanges {
        let head = try existing(address, body: false).head
        if since.epoch == head.version.epoch, since.number == head.version.number { return .changes(from: since, to: head, diff: nil) }
        let keys = keys(address)
        // The current version and the history in one transaction, so they agree.
        let (current, history) = try redis { () throws(RedisError) in
            let replies = try pool.send([RESPCommand("MULTI"), fieldsCommand(address, body: true), RESPCommand("LRANGE", keys.history(address.snapshot), "0", "-1"), RESPCommand("EXEC")])
            guard case .array(let results?) = replies[3], results.count == 2 else { throw RedisError.server("the transaction was not executed") }
            return (results[0], Self.strings(results[1]))
        }
        guard let state = Self.state(epoch: head.version.epoch, fields: current), state.head.version.number > 0 else { throw .notFound(address, neverWritten: false) }
        let newest = Self.decode(state.body)
        let reset = SnapshotChanges.reset(StoredVersion(head: state.head, numberOfItems: state.items) { newest })
        guard since.epoch == state.head.version.epoch, since.number < state.head.version.number else {
            return since == state.head.version ? .changes(from: since, to: state.head, diff: nil) : reset
        }
        guard let entry = history.first(where: { $0.hasPrefix("\(since.number) ") }) else { return reset }
        let older = Self.decode(Array(entry.utf8.drop { $0 != UInt8(ascii: " ") }.dropFirst().drop { $0 != UInt8(ascii: " ") }.dropFirst()))
        guard let diff = try? WireDiff.timed(from: older, to: newest, options: options, observe: observeDiff) else { return reset }
        return .changes(from: since, to: state.head, diff: diff)
    }

    public func deleteSnapshot(_ address: SnapshotAddress) throws(StoreError) {
        let keys = keys(address)
        let outcome = try run(RedisScripts.deleteSnapshot, keys: [keys.session, keys.names, keys.snapshot(address.snapshot), keys.history(address.snapshot)],
                              [address.snapshot, channel]).string
        switch outcome {
        case "nosession": throw .sessionNotFound(address.session)
        case "nosnapshot": throw .notFound(address, neverWritten: false)
        default: for waiter in waiters.take(address) { waiter.answer(.failure(.gone(.snapshotDeleted))) }
        }
    }

    public func waitForChange(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
                              _ answer: @escaping @Sendable (Result<SnapshotChanges, StoreError>) -> Void) throws(StoreError) -> ChangeWait? {
        subscribe()
        guard try existing(address, body: false).head.version == since else { return nil }
        let id = waiters.add(address, since: since, options: options, answer: answer)
        // A write between the read and the registration would not have seen this wait.
        guard (try? existing(address, body: false).head.version) == since else {
            waiters.remove(address, id)
            return nil
        }
        return ChangeWait { [waiters] in waiters.remove(address, id) }
    }

    /// Round trips and failures; what Redis holds is for its own `INFO keyspace` and
    /// `MEMORY USAGE` to tell.
    public func statistics() -> StoreStatistics {
        var statistics = StoreStatistics()
        (statistics.roundTrips, statistics.roundTripFailures, _) = pool.statistics
        return statistics
    }

    /// Whether the last call reached the server. When it did not, a PING goes out in the
    /// background (at most one at a time), so that probes asking learn when it is back.
    public var isReachable: Bool {
        guard pool.statistics.lastFailed else { return true }
        if probing.compareExchange() {
            DispatchQueue.global().async { [pool, probing] in
                _ = try? pool.call(RESPCommand("PING"))
                probing.release()
            }
        }
        return false
    }

    // MARK: Writing

    /// Reads the current version, checks `conditions`, builds `next(current, isFlat)`, diffs it
    /// and commits it if the snapshot is still at that version; else starts again on the new
    /// one. Writes to one snapshot through this instance take turns (as
    /// in the memory store), so only writers on other instances can make a write start again.
    private func commit(at address: SnapshotAddress, conditions: WriteConditions, isFlat newIsFlat: Bool?, options: DiffOptions, existing mustExist: Bool,
                        _ next: (WireSnapshot, _ isFlat: Bool) throws(StoreError) -> WireSnapshot) throws(StoreError) -> WriteResult {
        let turn = writeTurns[Int(UInt(bitPattern: address.hashValue) % UInt(writeTurns.count))]
        turn.lock()
        defer { turn.unlock() }
        let keys = keys(address)
        for attempt in 0..<Self.maxAttempts {
            // A writer that lost a race starts again at once: pausing would hand the next race
            // to the other instance's next writer too. Only a long losing streak backs off.
            if attempt >= 16 { usleep(UInt32.random(in: 0...2_000)) }
            let current = try state(address, body: true)
            if mustExist, current.epoch == nil { throw .sessionNotFound(address.session) }
            let number = current.state?.head.version.number ?? 0
            if mustExist, number == 0 { throw .notFound(address, neverWritten: false) }
            let epoch = current.epoch ?? RandomToken.hex(bits: 64)
            let before = SnapshotVersion(epoch: epoch, number: number)
            try conditions.check(current: before, exists: number > 0)
            let storedIsFlat = current.state?.head.isFlat ?? false
            if let newIsFlat, number > 0, newIsFlat != storedIsFlat { throw .formMismatch(storedIsFlat: storedIsFlat, operationIndex: nil) }
            let flat = number == 0 ? (newIsFlat ?? false) : storedIsFlat
            let old = current.state.map { Self.decode($0.body) } ?? WireSnapshot.empty(flat: flat)
            let proposed = try next(old, flat)
            if let state = current.state, !proposed.hasMarks, proposed.hasSameElements(as: old) {
                return WriteResult(from: before, head: state.head, diff: nil)
            }
            let diff = try WireDiff.written(from: old, to: proposed, options: options, observe: observeDiff)
            var writer = JSONWriter(reservingCapacity: 16 * proposed.numberOfItems + 64)
            writer.writeSnapshot(proposed.withoutMarks, flat: flat)
            let digest = SnapshotDigest.digest(of: proposed)
            let reply = try run(RedisScripts.write, keys: [keys.session, keys.names, keys.snapshot(address.snapshot), keys.history(address.snapshot)], arguments: [
                address.snapshot, current.epoch ?? "", String(number), epoch, digest, flat ? "1" : "0", String(proposed.numberOfItems),
            ].map { Array($0.utf8) } + [writer.bytes] + [String(max(0, limits.versionsKept - 1)), ttl, String(limits.maxSnapshotsPerSession), channel].map { Array($0.utf8) },
                                outcomeUnknown: true)
            let fields = Self.strings(reply)
            switch fields.first {
            case "ok":
                guard fields.count == 3, let version = Int(fields[2]) else { throw .unavailable("an unexpected reply to a write", outcomeUnknown: true) }
                let head = SnapshotHead(version: SnapshotVersion(epoch: fields[1], number: version), digest: digest, isFlat: flat)
                let from = SnapshotVersion(epoch: fields[1], number: number)
                answerWaiters(at: address, diff: diff, options: options, from: from, to: head)
                return WriteResult(from: from, head: head, diff: diff)
            case "full":
                throw .tooManySnapshots(session: address.session, limit: limits.maxSnapshotsPerSession)
            default:
                continue // "moved": another write came first; diff again on its version.
            }
        }
        throw .unavailable("the snapshot changed under \(Self.maxAttempts) attempts in a row to write it", outcomeUnknown: false)
    }

    /// Attempts at a write before giving up under contention.
    private static let maxAttempts = 64

    /// Answers the waits on `address` after a write through this instance: with the write's
    /// changes (a diff per set of options) where a wait was since the version it built on, with
    /// the changes since its own version otherwise (a write through another instance came
    /// between, and its message has not been handled yet).
    private func answerWaiters(at address: SnapshotAddress, diff: WireDiff, options: DiffOptions, from: SnapshotVersion, to: SnapshotHead) {
        var diffs: [DiffOptions: WireDiff] = [options: diff]
        for waiter in waiters.take(address, notAt: to.version) {
            guard waiter.since == from else {
                waiter.answer(Result { () throws(StoreError) in try changes(at: address, since: waiter.since, options: waiter.options) })
                continue
            }
            let waiterDiff = diffs[waiter.options] ?? (try? SectionedDiff(from: diff.old, to: diff.new, options: waiter.options)) ?? diff
            diffs[waiter.options] = waiterDiff
            waiter.answer(.success(.changes(from: from, to: to, diff: waiterDiff)))
        }
    }

    // MARK: Waits across instances

    private func subscribe() {
        subscriberLock.withLock {
            guard subscriber == nil else { return }
            subscriber = VersionSubscriber(endpoint: pool.endpoint, channel: channel, onMessage: { [weak self] message in
                self?.handle(message)
            }, onReconnect: { [weak self] in
                self?.recheckWaits()
            }, onIdle: { [weak self] in
                guard let self, subscriberLock.withLock({ recheckPending }) else { return }
                recheckWaits()
            })
        }
    }

    private func recheckWaits() {
        subscriberLock.withLock { recheckPending = false }
        for address in waiters.addresses { answerIfChanged(address) }
    }

    /// A message on the channel: `"<tag> <name> <version>"`, `"<tag> <name> deleted"` or
    /// `"<tag> * deleted"` (the whole session).
    private func handle(_ message: String) {
        let parts = message.split(separator: " ")
        let prefix = "\(namespace):{"
        guard parts.count == 3, parts[0].hasPrefix(prefix), parts[0].hasSuffix("}") else { return }
        let inside = parts[0].dropFirst(prefix.count).dropLast()
        guard let colon = inside.firstIndex(of: ":"), let owner = Int(inside[..<colon]) else { return }
        let session = String(inside[inside.index(after: colon)...])
        if parts[1] == "*" {
            for waiter in waiters.take(owner: owner, session: session) { waiter.answer(.failure(.gone(.sessionDeleted))) }
            return
        }
        let address = SnapshotAddress(owner: owner, session: session, snapshot: String(parts[1]))
        if parts[2] == "deleted" {
            for waiter in waiters.take(address) { waiter.answer(.failure(.gone(.snapshotDeleted))) }
            return
        }
        // Diffs for waiters run off the subscriber's thread, so it keeps reading.
        DispatchQueue.global().async { [self] in answerIfChanged(address) }
    }

    /// Answers the waits on `address` whose version is no longer current: with the changes
    /// since it, or `gone` when the snapshot or its session is. When the server does not
    /// answer, they keep waiting and are checked again on the subscriber's next idle turn.
    private func answerIfChanged(_ address: SnapshotAddress) {
        let current: SnapshotVersion
        do {
            current = try existing(address, body: false).head.version
        } catch .sessionNotFound {
            for waiter in waiters.take(owner: address.owner, session: address.session) { waiter.answer(.failure(.gone(.sessionDeleted))) }
            return
        } catch .notFound {
            for waiter in waiters.take(address) { waiter.answer(.failure(.gone(.snapshotDeleted))) }
            return
        } catch {
            subscriberLock.withLock { recheckPending = true }
            return
        }
        for waiter in waiters.take(address, notAt: current) {
            waiter.answer(Result { () throws(StoreError) in try changes(at: address, since: waiter.since, options: waiter.options) })
        }
    }

    // MARK: Reading

    /// A snapshot's stored fields: its head, item count and JSON.
    private struct State {
        var head: SnapshotHead
        var items: Int
        var body: [UInt8]
    }

    /// The session's epoch (nil: no session) and the snapshot's state (nil: none).
    private func state(_ address: SnapshotAddress, body: Bool) throws(StoreError) -> (epoch: String?, state: State?) {
        let keys = keys(address)
        let replies = try redis { () throws(RedisError) in try pool.send([RESPCommand("HGET", keys.session, "epoch"), fieldsCommand(address, body: body)]) }
        guard let epoch = replies[0].string else { return (nil, nil) }
        return (epoch, Self.state(epoch: epoch, fields: replies[1]))
    }

    private func existing(_ address: SnapshotAddress, body: Bool) throws(StoreError) -> State {
        let current = try state(address, body: body)
        guard current.epoch != nil else { throw .sessionNotFound(address.session) }
        guard let state = current.state else { throw .notFound(address, neverWritten: false) }
        return state
    }

    private func fieldsCommand(_ address: SnapshotAddress, body: Bool) -> RESPCommand {
        let fields = ["version", "digest", "flat", "items"] + (body ? ["body"] : [])
        return RESPCommand((["HMGET", keys(address).snapshot(address.snapshot)] + fields).map { Array($0.utf8) })
    }

    private static func state(epoch: String, fields reply: RESPValue) -> State? {
        guard case .array(let fields?) = reply, fields.count >= 4, let version = fields[0].string.flatMap({ Int($0) }), version > 0 else { return nil }
        return State(head: SnapshotHead(version: SnapshotVersion(epoch: epoch, number: version), digest: fields[1].string ?? "", isFlat: fields[2].string == "1"),
                     items: fields[3].string.flatMap { Int($0) } ?? 0, body: fields.count > 4 ? fields[4].bytes ?? [] : [])
    }

    /// A stored snapshot's JSON, read back; what this store wrote always reads.
    private static func decode(_ body: [UInt8]) -> WireSnapshot {
        (try? WireDecoder.snapshot(body).snapshot) ?? WireSnapshot()
    }

    private static func strings(_ reply: RESPValue) -> [String] {
        guard case .array(let elements?) = reply else { return [] }
        return elements.map { $0.string ?? "" }
    }

    // MARK: Helpers

    private func keys(_ address: SnapshotAddress) -> RedisKeys { keys(owner: address.owner, session: address.session) }
    private func keys(owner: Int, session: String) -> RedisKeys { RedisKeys(namespace: namespace, owner: owner, session: session) }
    private var channel: String { "\(namespace):versions" }
    private var ttl: String { String(max(1, Int(limits.sessionIdleSeconds))) }

    private func run(_ script: RedisScript, keys: [String], _ arguments: [String], outcomeUnknown: Bool = true) throws(StoreError) -> RESPValue {
        try run(script, keys: keys, arguments: arguments.map { Array($0.utf8) }, outcomeUnknown: outcomeUnknown)
    }

    private func run(_ script: RedisScript, keys: [String], arguments: [[UInt8]], outcomeUnknown: Bool) throws(StoreError) -> RESPValue {
        try redis(outcomeUnknown: outcomeUnknown) { () throws(RedisError) in try script.run(on: pool, keys: keys, arguments: arguments) }
    }

    /// Runs Redis calls, turning a failure into ``StoreError/unavailable(_:outcomeUnknown:)``.
    /// Reads (`outcomeUnknown` false) are tried once more on a connection lost under them: a
    /// pooled connection can find its server gone (restarted, failed over) only when used.
    private func redis<T>(outcomeUnknown: Bool = false, _ body: () throws(RedisError) -> T) throws(StoreError) -> T {
        do {
            do {
                return try body()
            } catch .closed where !outcomeUnknown, .io where !outcomeUnknown {
                return try body()
            }
        } catch {
            let unknown: Bool = switch error {
            case .server, .connect, .backingOff: false
            default: outcomeUnknown
            }
            throw .unavailable(error.description, outcomeUnknown: unknown)
        }
    }
}
