import Foundation

/// A session: named snapshots of one client (or one API key's client), kept together and
/// evicted together.
final class Session: @unchecked Sendable {
    // Sendable argument: `snapshots` and `lastUsed` are only touched while holding `lock`.
    let name: String
    /// Which API key owns it (0 when keys are off).
    let owner: Int
    private let lock = NSLock()
    private var snapshots: [String: StoredSnapshot] = [:]
    private var lastUsedAt: UInt64

    init(name: String, owner: Int, now: UInt64) {
        self.name = name
        self.owner = owner
        lastUsedAt = now
    }

    /// Monotonic nanoseconds of the last request that named it.
    var lastUsed: UInt64 { lock.withLock { lastUsedAt } }

    func touch(_ now: UInt64) {
        lock.withLock { lastUsedAt = max(lastUsedAt, now) }
    }

    /// The snapshot `name`, if the session has it.
    func snapshot(named name: String) -> StoredSnapshot? {
        lock.withLock { snapshots[name] }
    }

    /// The snapshot `name`, made by `make` (empty, version 0) if missing, unless the session
    /// already holds `limit` snapshots; `created` says whether this call made it.
    func snapshotCreatingIfMissing(named name: String, limit: Int, make: () -> StoredSnapshot) throws(StoreError) -> (
        snapshot: StoredSnapshot, created: Bool
    ) {
        try lock.locked { () throws(StoreError) in
            if let found = snapshots[name] { return (found, false) }
            guard snapshots.count < limit else { throw .tooManySnapshots(session: self.name, limit: limit) }
            let made = make()
            snapshots[name] = made
            return (made, true)
        }
    }

    /// Holds no snapshot.
    var isEmpty: Bool { lock.withLock { snapshots.isEmpty } }

    func removeSnapshot(named name: String) -> StoredSnapshot? {
        lock.withLock { snapshots.removeValue(forKey: name) }
    }

    /// Every snapshot, sorted by name.
    func listing() -> [(name: String, snapshot: StoredSnapshot)] {
        lock.withLock { snapshots.map { ($0.key, $0.value) } }.sorted { $0.name < $1.name }
    }

    /// Removes and returns every snapshot.
    func removeAll() -> [StoredSnapshot] {
        lock.withLock {
            defer { snapshots = [:] }
            return Array(snapshots.values)
        }
    }
}
