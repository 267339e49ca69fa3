import Foundation

/// Every session, keyed by owner and name, and the bytes each holds. Its lock guards only the
/// map and the ledger: never held while a snapshot is read or diffed; a writer holding its
/// snapshot's lock may take it (``admit(_:olderVersionBytes:for:)``), never the other way round.
///
/// Bounded four ways, least recently used sessions going first: by count (making one more
/// evicts one), by bytes (a hard limit each write is admitted against, see ``ByteLedger``),
/// by bytes per session, and by idleness (a session found idle past its time is gone; the
/// others are swept as requests come, a batch per request, so no request pays for a sweep of
/// every session under the lock). An evicted session's waits end with ``StoreError/gone(_:)``;
/// its clients start again.
final class SessionStore: @unchecked Sendable {
    // Sendable argument: every mutable property is read and written only while holding `lock`.
    private struct Key: Hashable {
        var owner: Int
        var name: String
    }

    private struct Entry {
        var session: Session
        /// Bytes its snapshots hold, as admitted.
        var bytes = 0
        /// Where its key sits in `sweepOrder`.
        var sweepSlot: Int
    }

    let limits: StoreLimits
    private let clock: StoreClock
    private let lock = NSLock()
    private var sessions: [Key: Entry] = [:]
    private var ledger: ByteLedger
    private var counters = StoreStatistics()
    /// Every session's key in no particular order, for the idle sweep to walk a batch at a time.
    private var sweepOrder: [Key] = []
    /// The next slot of `sweepOrder` the sweep in progress visits.
    private var sweepCursor = 0
    private var nextSweepAt: UInt64 = 0
    /// A sweep of idle sessions starts at most this often (nanoseconds): every 5 s, or a quarter
    /// of the time to live if that is shorter; it goes on over the requests that follow.
    private let sweepInterval: UInt64
    /// Sessions one request visits at most while a sweep is in progress: a whole sweep of many
    /// sessions at once would hold the lock in front of every request queued behind it.
    static let sweepBatch = 256

    init(limits: StoreLimits, clock: StoreClock) {
        self.limits = limits
        self.clock = clock
        sweepInterval = min(5_000_000_000, UInt64(limits.sessionIdleSeconds * 0.25e9))
        ledger = ByteLedger(
            maxStoreBytes: limits.maxStoreBytes, maxSessionBytes: limits.sessionByteLimit, owners: limits.owners)
    }

    /// A new session with an unguessable 128-bit name.
    func createSession(owner: Int) -> Session {
        let now = clock.now()
        let session = Session(name: RandomToken.hex(bits: 128), owner: owner, now: now)
        insert(session, now: now)
        return session
    }

    /// The session `name` of `owner`; nil if there is none, or if it sat idle past its time
    /// (then it goes now, whether or not a sweep has reached it).
    func session(owner: Int, name: String) -> Session? {
        let now = clock.now()
        sweepIfDue(now)
        let key = Key(owner: owner, name: name)
        let ttl = idleNanoseconds
        let (found, expired): (Session?, Session?) = lock.withLock {
            guard let found = sessions[key]?.session else { return (nil, nil) }
            guard now > found.lastUsed + ttl else { return (found, nil) }
            counters.evictedForIdleness += 1
            return (nil, take(key))
        }
        if let expired { release([expired], .expired(idleSeconds: Int(limits.sessionIdleSeconds))) }
        found?.touch(now)
        return found
    }

    /// The session `name` of `owner`, made if missing (a PUT may name a session that does not
    /// exist yet); `created` says whether this call made it.
    func sessionCreatingIfMissing(owner: Int, name: String) -> (session: Session, created: Bool) {
        if let found = session(owner: owner, name: name) { return (found, false) }
        let made = Session(name: name, owner: owner, now: clock.now())
        let kept = insert(made, now: clock.now())
        return (kept, kept === made)
    }

    /// Removes a session and ends its waits. False if there was none.
    @discardableResult
    func removeSession(owner: Int, name: String) -> Bool {
        guard let removed = lock.withLock({ take(Key(owner: owner, name: name)) }) else { return false }
        release([removed], .sessionDeleted)
        return true
    }

    /// Removes a session this caller made, unless it holds a snapshot by now (another
    /// request's), and ends its waits.
    func removeSessionIfEmpty(_ session: Session) {
        let key = Key(owner: session.owner, name: session.name)
        let removed: Session? = lock.withLock {
            guard sessions[key]?.session === session, session.isEmpty else { return nil }
            return take(key)
        }
        if let removed { release([removed], .sessionDeleted) }
    }

    /// Removes one snapshot of a session and gives its bytes back. False if there was none.
    func removeSnapshot(_ name: String, of session: Session) -> Bool {
        guard let removed = session.removeSnapshot(named: name) else { return false }
        let bytes = removed.markRemoved(.snapshotDeleted)
        lock.withLock {
            let key = Key(owner: session.owner, name: session.name)
            // An evicted session's bytes went back with it.
            guard sessions[key]?.session === session else { return }
            sessions[key]?.bytes -= bytes
            ledger.add(-bytes, owner: session.owner)
        }
        return true
    }

    /// Admits a write to one of `session`'s snapshots that changes its bytes by `delta`
    /// (``StoredSnapshot/ByteAdmission``): answers how many of that snapshot's older versions
    /// (`olderVersionBytes`, oldest first) to drop, and evicts the sessions that must go, or
    /// refuses — ``StoreError/storeFull(_:)``, or `.gone` if the session itself was evicted meanwhile — with
    /// nothing changed. Evicted sessions are handed to `evicted` to be released once the
    /// writer has let go of its snapshot. O(sessions) when the store must make room, else O(1).
    func admit(_ delta: Int, olderVersionBytes: [Int], for session: Session, evicted: inout [Session])
        throws(StoreError) -> Int
    {
        let key = Key(owner: session.owner, name: session.name)
        let outcome: Result<(Int, [Session]), StoreError> = lock.withLock {
            guard let entry = sessions[key], entry.session === session else {
                return .failure(.gone(.sessionEvictedDuringWrite(session.name)))
            }
            // Other sessions, read least recently used first, only when the writer's own older
            // versions do not make room, and only as far as the plan needs.
            var plan = ledger.plan(
                delta: delta, sessionBytes: entry.bytes, owner: session.owner, prunable: olderVersionBytes,
                candidates: [])
            var others: [(key: Key, bytes: Int, lastUsed: UInt64)] = []
            if case .failure(.storeFull) = plan, sessions.count > 1 {
                others = sessions.filter { $0.key != key }.map {
                    (key: $0.key, bytes: $0.value.bytes, lastUsed: $0.value.session.lastUsed)
                }
                let candidates = LeastRecentlyUsedFirst(others.map(\.lastUsed)).lazy.map {
                    ByteLedger.Candidate(id: $0, owner: others[$0].key.owner, bytes: others[$0].bytes)
                }
                plan = ledger.plan(
                    delta: delta, sessionBytes: entry.bytes, owner: session.owner, prunable: olderVersionBytes,
                    candidates: candidates)
            }
            switch plan {
            case .failure(let refusal):
                return .failure(.storeFull(storeFull(refusal, session: session)))
            case .success(let plan):
                let victims = plan.evicted.compactMap { take(others[$0].key) }
                counters.evictedForBytes += victims.count
                sessions[key]?.bytes += delta - plan.bytesPruned
                ledger.add(delta - plan.bytesPruned, owner: session.owner)
                return .success((plan.pruned, victims))
            }
        }
        switch outcome {
        case .success(let (pruned, victims)):
            evicted += victims
            return pruned
        case .failure(let problem):
            throw problem
        }
    }

    /// Ends the waits of sessions evicted to make room for a write.
    func releaseEvicted(_ evicted: [Session]) {
        release(evicted, .evictedForBytes(limit: limits.maxStoreBytes))
    }

    func statistics() -> StoreStatistics {
        let (all, base, bytes) = lock.withLock { (sessions.values.map(\.session), counters, ledger.total) }
        var statistics = base
        statistics.sessions = all.count
        let snapshots = all.flatMap { $0.listing() }
        statistics.snapshots = snapshots.count
        statistics.versions = snapshots.reduce(0) { $0 + $1.snapshot.versionCount }
        statistics.bytes = bytes
        return statistics
    }

    // MARK: Internals

    @discardableResult
    private func insert(_ session: Session, now: UInt64) -> Session {
        let key = Key(owner: session.owner, name: session.name)
        let (kept, evicted): (Session, Session?) = lock.withLock {
            if let raced = sessions[key] { return (raced.session, nil) }
            var evicted: Session?
            if sessions.count >= limits.maxSessions,
                let oldest = sessions.min(by: { $0.value.session.lastUsed < $1.value.session.lastUsed })
            {
                evicted = take(oldest.key)
                counters.evictedForCount += 1
            }
            sessions[key] = Entry(session: session, sweepSlot: sweepOrder.count)
            sweepOrder.append(key)
            return (session, evicted)
        }
        if let evicted { release([evicted], .evictedForCount(limit: limits.maxSessions)) }
        return kept
    }

    /// Removes a session from the map, its key from the sweep order (the last key takes its
    /// slot) and its bytes from the ledger (under `lock`).
    private func take(_ key: Key) -> Session? {
        guard let entry = sessions.removeValue(forKey: key) else { return nil }
        let last = sweepOrder.removeLast()
        if entry.sweepSlot < sweepOrder.count {
            sweepOrder[entry.sweepSlot] = last
            sessions[last]?.sweepSlot = entry.sweepSlot
        }
        ledger.add(-entry.bytes, owner: key.owner)
        return entry.session
    }

    private func storeFull(_ refusal: ByteLedger.Refusal, session: Session) -> StoreError.StoreFull {
        switch refusal {
        case .sessionFull(let wouldHold): .session(session.name, wouldHold: wouldHold, limit: ledger.maxSessionBytes)
        case .storeFull(let over): .store(over: over, limit: ledger.maxStoreBytes)
        }
    }

    private var idleNanoseconds: UInt64 { UInt64(limits.sessionIdleSeconds * 1e9) }

    /// Visits the next ``sweepBatch`` sessions of a sweep that is due or in progress and removes
    /// the idle ones; the sweep ends (the next one due an interval later) when it has visited
    /// every slot. A session moved into a visited slot by a removal is visited by the next sweep.
    private func sweepIfDue(_ now: UInt64) {
        let ttl = idleNanoseconds
        let idle: [Session] = lock.withLock {
            guard now >= nextSweepAt else { return [] }
            var expired: [Session] = []
            var visited = 0
            while visited < Self.sweepBatch, sweepCursor < sweepOrder.count {
                visited += 1
                let key = sweepOrder[sweepCursor]
                if let entry = sessions[key], now > entry.session.lastUsed + ttl, let session = take(key) {
                    // The last key took this slot: it is visited next.
                    expired.append(session)
                } else {
                    sweepCursor += 1
                }
            }
            if sweepCursor >= sweepOrder.count {
                sweepCursor = 0
                nextSweepAt = now + sweepInterval
            }
            counters.evictedForIdleness += expired.count
            return expired
        }
        release(idle, .expired(idleSeconds: Int(limits.sessionIdleSeconds)))
    }

    /// Marks the snapshots of sessions already out of the map removed (their bytes left the
    /// ledger with them), ending their waits.
    private func release(_ removed: [Session], _ removal: StoreError.Removal) {
        for session in removed {
            for snapshot in session.removeAll() { snapshot.markRemoved(removal) }
        }
    }
}
