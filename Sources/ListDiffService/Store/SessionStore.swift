import Foundation
import ListDiffHTTP

/// Every session, keyed by owner and name. Its lock guards only the map and the counters:
/// never held while a snapshot is read, written or diffed.
///
/// Bounded three ways, least recently used sessions going first: by count (making one more
/// evicts one), by estimated bytes (after each write), and by idleness (swept as requests
/// come). An evicted session's long polls are answered 404; its clients start again.
final class SessionStore: @unchecked Sendable {
    // Sendable argument: every mutable property is read and written only while holding `lock`.
    private struct Key: Hashable {
        var owner: Int
        var name: String
    }

    let configuration: ServiceConfiguration
    let epoch: String
    private let lock = NSLock()
    private var sessions: [Key: Session] = [:]
    private var totalBytes = 0
    private var counters = StoreStatistics()
    private var nextSweepAt: UInt64 = 0
    /// Idle sessions are swept as requests come, at most this often (nanoseconds): every 5 s,
    /// or a quarter of the time to live if that is shorter.
    private let sweepInterval: UInt64

    init(configuration: ServiceConfiguration, epoch: String) {
        self.configuration = configuration
        self.epoch = epoch
        sweepInterval = min(5_000_000_000, UInt64(configuration.sessionIdleSeconds * 0.25e9))
    }

    /// A new session with an unguessable 128-bit name.
    func createSession(owner: Int) -> Session {
        let now = Self.now()
        let session = Session(name: RandomToken.hex(bits: 128), owner: owner, now: now)
        insert(session, now: now)
        return session
    }

    /// The session `name` of `owner`; nil if there is none.
    func session(owner: Int, name: String) -> Session? {
        let now = Self.now()
        sweepIfDue(now)
        guard let found = lock.withLock({ sessions[Key(owner: owner, name: name)] }) else { return nil }
        found.touch(now)
        return found
    }

    /// The session `name` of `owner`, made if missing (a PUT may name a session that does not
    /// exist yet); `created` says whether this call made it.
    func sessionCreatingIfMissing(owner: Int, name: String) -> (session: Session, created: Bool) {
        if let found = session(owner: owner, name: name) { return (found, false) }
        let made = Session(name: name, owner: owner, now: Self.now())
        let kept = insert(made, now: Self.now())
        return (kept, kept === made)
    }

    /// Removes a session and answers its long polls 404. False if there was none.
    @discardableResult
    func removeSession(owner: Int, name: String) -> Bool {
        guard let removed = lock.withLock({ sessions.removeValue(forKey: Key(owner: owner, name: name)) }) else { return false }
        release(removed, reason: "the session was deleted")
        return true
    }

    /// Removes one snapshot of a session. False if there was none.
    func removeSnapshot(_ name: String, of session: Session) -> Bool {
        guard let removed = session.removeSnapshot(named: name) else { return false }
        let bytes = removed.bytes
        removed.markDeleted(reason: "the snapshot was deleted")
        lock.withLock { totalBytes -= bytes }
        return true
    }

    /// Records a write's change in bytes and evicts least recently used sessions (never
    /// `keeping`) while the store is over its budget.
    func account(_ delta: Int, keeping: Session) {
        lock.withLock { totalBytes += delta }
        while let victim = lock.withLock({ () -> Session? in
            guard totalBytes > configuration.maxStoreBytes else { return nil }
            guard let oldest = sessions.values.filter({ $0 !== keeping }).min(by: { $0.lastUsed < $1.lastUsed }) else { return nil }
            sessions.removeValue(forKey: Key(owner: oldest.owner, name: oldest.name))
            counters.evictedForBytes += 1
            return oldest
        }) {
            release(victim, reason: "the session was evicted: the store was over its memory budget")
        }
    }

    func statistics() -> StoreStatistics {
        let (all, base) = lock.withLock { (Array(sessions.values), counters) }
        var statistics = base
        statistics.sessions = all.count
        let snapshots = all.flatMap { $0.listing() }
        statistics.snapshots = snapshots.count
        statistics.versions = snapshots.reduce(0) { $0 + $1.snapshot.versionCount }
        statistics.bytes = lock.withLock { totalBytes }
        return statistics
    }

    // MARK: Internals

    @discardableResult
    private func insert(_ session: Session, now: UInt64) -> Session {
        let key = Key(owner: session.owner, name: session.name)
        let (kept, evicted): (Session, Session?) = lock.withLock {
            if let raced = sessions[key] { return (raced, nil) }
            var evicted: Session?
            if sessions.count >= configuration.maxSessions,
               let oldest = sessions.values.min(by: { $0.lastUsed < $1.lastUsed }) {
                sessions.removeValue(forKey: Key(owner: oldest.owner, name: oldest.name))
                counters.evictedForCount += 1
                evicted = oldest
            }
            sessions[key] = session
            return (session, evicted)
        }
        if let evicted { release(evicted, reason: "the session was evicted: the server holds its limit of \(configuration.maxSessions) sessions") }
        return kept
    }

    private func sweepIfDue(_ now: UInt64) {
        let ttl = UInt64(configuration.sessionIdleSeconds * 1e9)
        let idle: [Session] = lock.withLock {
            guard now >= nextSweepAt else { return [] }
            nextSweepAt = now + sweepInterval
            let expired = sessions.filter { now > $0.value.lastUsed + ttl }
            for key in expired.keys { sessions.removeValue(forKey: key) }
            counters.evictedForIdleness += expired.count
            return Array(expired.values)
        }
        for session in idle { release(session, reason: "the session expired after \(Int(configuration.sessionIdleSeconds)) s unused") }
    }

    private func release(_ session: Session, reason: String) {
        let snapshots = session.removeAll()
        let bytes = snapshots.reduce(0) { $0 + $1.bytes }
        for snapshot in snapshots { snapshot.markDeleted(reason: reason) }
        lock.withLock { totalBytes -= bytes }
    }

    static func now() -> UInt64 {
        UInt64(DispatchTime.now().uptimeNanoseconds)
    }
}
