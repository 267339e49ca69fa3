import ListDiffWire

/// Why a store call refused, changing nothing. The service turns each into one RFC 9457
/// problem (`ServiceProblem+StoreError.swift` there); the store knows no HTTP.
public enum StoreError: Error, Sendable, Equatable {
    /// No such session for this owner.
    case sessionNotFound(String)
    /// The session has no snapshot by this name, or it has no version yet.
    case notFound(SnapshotAddress, neverWritten: Bool)
    /// The snapshot or its session went while the call was served.
    case gone(Removal)
    /// A session of that name exists already.
    case sessionExists(String)
    /// A write's ``WritePrecondition`` failed; `current` is the version it found (number 0:
    /// the snapshot has none).
    case versionMismatch(current: SnapshotVersion)
    /// A write of the other form than the snapshot holds, or an operation naming a section
    /// (`operationIndex`) on a flat list.
    case formMismatch(storedIsFlat: Bool, operationIndex: Int?)
    case tooManySnapshots(session: String, limit: Int)
    /// A snapshot of `count` items, over `limit`; `pointer` is where (empty: the whole body).
    case tooManyItems(Int, limit: Int, pointer: String)
    /// Operations whose cost (operations × (items + 1)) is over `limit`: nothing was applied.
    case tooMuchWork(operations: Int, items: Int, limit: Int)
    case operationFailed(WireOperationError)
    case storeFull(StoreFull)
    /// The engine refused to diff (possible only for snapshots built without checks).
    case invalidSnapshot(String)
    /// The store's server did not answer in time, or answered that it cannot serve the call
    /// now (busy, loading, its cluster down, a read-only replica, …), or answered what the
    /// store cannot read: never "nothing there". The reason is fit for a client: it carries
    /// none of the server's own text (a script's SHA or line), which the store logs.
    /// `outcomeUnknown`: a write was sent and may have been committed (retrying it with
    /// `If-Match` is safe).
    case unavailable(String, outcomeUnknown: Bool)

    /// What removed a snapshot under a request or a wait.
    public enum Removal: Sendable, Equatable {
        case snapshotDeleted
        /// Deleted while a write waited for it.
        case snapshotDeletedDuringWrite
        case sessionDeleted
        /// The session was evicted while a write was served; nothing was written.
        case sessionEvictedDuringWrite(String)
        case evictedForBytes(limit: Int)
        case evictedForCount(limit: Int)
        case expired(idleSeconds: Int)
    }

    /// A write the byte limits refuse even after dropping what they may.
    public enum StoreFull: Sendable, Equatable {
        /// The session would hold `wouldHold` bytes, over `limit`.
        case session(String, wouldHold: Int, limit: Int)
        /// The store would be `over` bytes over `limit`.
        case store(over: Int, limit: Int)
        /// The store's server is out of memory and refuses to grow (Redis at its `maxmemory`
        /// with nothing it may evict): until sessions expire or are deleted.
        case outOfMemory
    }
}
