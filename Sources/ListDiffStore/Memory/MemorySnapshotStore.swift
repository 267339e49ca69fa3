@_spi(Unchecked) import ListDiff
import ListDiffWire

/// The in-memory ``SnapshotStore``: each snapshot's current version packed, its older
/// versions as reverse deltas, waits registered on the snapshot. Its epoch is random per
/// process start, so a restart answers every client's next `changes` with a reset.
///
/// Bounded as ``StoreLimits`` says; past its byte limits it evicts least recently used
/// sessions (see ``SessionStore`` and ``ByteLedger``) before it refuses a write.
public final class MemorySnapshotStore: InlineSnapshotStore {
    /// The epoch of every version this store writes: random per process start.
    public let epoch: String
    public let limits: StoreLimits
    private let sessions: SessionStore
    let versions = VersionCounter()
    private let differ: SnapshotDiffer

    /// A new, empty store whose diffs `differ` runs (the service's times them for its metrics)
    /// and whose sessions age by `clock`.
    public init(limits: StoreLimits, differ: SnapshotDiffer = .unmeasured, clock: StoreClock = .system) {
        epoch = RandomToken.hex(bits: 64)
        self.limits = limits
        self.differ = differ
        sessions = SessionStore(limits: limits, clock: clock)
    }

    public func createSession(owner: Int, name: String?) throws(StoreError) -> String {
        guard let name else { return sessions.createSession(owner: owner).name }
        guard sessions.sessionCreatingIfMissing(owner: owner, name: name).created else { throw .sessionExists(name) }
        return name
    }

    public func listSnapshots(owner: Int, session name: String) throws(StoreError) -> WireSessionListing {
        var listing = WireSessionListing(session: name, snapshots: [])
        for (snapshot, stored) in try existingSession(owner: owner, name: name).listing() {
            let state = stored.state()
            guard state.head.version.number > 0 else { continue }
            listing.snapshots.append(
                WireSessionListing.Snapshot(
                    name: snapshot, version: state.head.version.text, digest: state.head.digest,
                    items: state.numberOfItems, isFlat: state.head.isFlat))
        }
        return listing
    }

    public func deleteSession(owner: Int, session name: String) throws(StoreError) {
        let session = try existingSession(owner: owner, name: name)
        sessions.removeSession(owner: owner, name: session.name)
    }

    public func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions
    ) throws(StoreError) -> WriteResult {
        try limits.checkItems(snapshot.numberOfItems, pointer: "")
        let (session, createdSession) = sessions.sessionCreatingIfMissing(owner: address.owner, name: address.session)
        do throws(StoreError) {
            let (stored, _) = try session.snapshotCreatingIfMissing(
                named: address.snapshot, limit: limits.maxSnapshotsPerSession, make: makeSnapshot)
            do throws(StoreError) {
                return try write(to: stored, of: session, conditions: conditions, isFlat: isFlat, options: options) {
                    _, _ in snapshot
                }
            } catch {
                // Nothing half-applied: a snapshot no write has given a version goes again…
                if stored.state().head.version.number == 0 {
                    _ = sessions.removeSnapshot(address.snapshot, of: session)
                }
                throw error
            }
        } catch {
            // …and so does a session this write made, unless another has filled it meanwhile.
            if createdSession { sessions.removeSessionIfEmpty(session) }
            throw error
        }
    }

    public func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition, options: DiffOptions
    ) throws(StoreError) -> WriteResult {
        let (session, stored) = try existingSnapshot(address)
        return try write(to: stored, of: session, conditions: conditions, isFlat: nil, options: options) {
            (current, isFlat) throws(StoreError) in
            try limits.applying(operations, to: current, isFlat: isFlat)
        }
    }

    public func read(_ address: SnapshotAddress) throws(StoreError) -> StoredVersion {
        let state = try existingSnapshot(address).snapshot.state()
        guard state.head.version.number > 0 else { throw .notFound(address, neverWritten: true) }
        return state
    }

    public func changes(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions) throws(StoreError)
        -> SnapshotChanges
    {
        try existingSnapshot(address).snapshot.changes(since: since, options: options)
    }

    public func deleteSnapshot(_ address: SnapshotAddress) throws(StoreError) {
        let (session, _) = try existingSnapshot(address)
        _ = sessions.removeSnapshot(address.snapshot, of: session)
    }

    public func waitForChange(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping @Sendable (Result<SnapshotChanges, StoreError>) -> Void
    ) throws(StoreError) -> ChangeWait? {
        try existingSnapshot(address).snapshot.waitForChange(since: since, options: options, answer)
    }

    public func statistics() -> StoreStatistics {
        sessions.statistics()
    }

    /// Always: it is this process.
    public var isReachable: Bool { true }

    // MARK: Internals

    private func existingSession(owner: Int, name: String) throws(StoreError) -> Session {
        guard let session = sessions.session(owner: owner, name: name) else { throw .sessionNotFound(name) }
        return session
    }

    func existingSnapshot(_ address: SnapshotAddress) throws(StoreError) -> (
        session: Session, snapshot: StoredSnapshot
    ) {
        let session = try existingSession(owner: address.owner, name: address.session)
        guard let stored = session.snapshot(named: address.snapshot) else {
            throw .notFound(address, neverWritten: false)
        }
        return (session, stored)
    }

    /// Writes through `stored`'s lock, admitting its bytes against the session's and the
    /// store's limits; sessions evicted to make room are released once the lock is let go.
    private func write(
        to stored: StoredSnapshot, of session: Session, conditions: WritePrecondition, isFlat: Bool?,
        options: DiffOptions,
        _ next: (WireSnapshot, _ isFlat: Bool) throws(StoreError) -> WireSnapshot
    ) throws(StoreError) -> WriteResult {
        var evicted: [Session] = []
        defer { sessions.releaseEvicted(evicted) }
        return try stored.write(
            conditions: conditions, isFlat: isFlat, options: options,
            admit: { (delta, older) throws(StoreError) in
                try sessions.admit(delta, olderVersionBytes: older, for: session, evicted: &evicted)
            }, next)
    }

    private func makeSnapshot() -> StoredSnapshot {
        StoredSnapshot(epoch: epoch, versions: versions, versionsKept: limits.versionsKept, differ: differ)
    }
}
