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
    /// already holds `limit` snapshots (409).
    func snapshotCreatingIfMissing(named name: String, limit: Int, make: () -> StoredSnapshot) throws(ServiceProblem) -> StoredSnapshot {
        try lock.locked { () throws(ServiceProblem) in
            if let found = snapshots[name] { return found }
            guard snapshots.count < limit else {
                throw ServiceProblem(409, "too-many-snapshots", title: "Too many snapshots",
                                     detail: "session '\(self.name)' already holds \(limit) snapshots, the limit; DELETE one first",
                                     extensions: [.init("limit", .int(limit))])
            }
            let made = make()
            snapshots[name] = made
            return made
        }
    }

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
