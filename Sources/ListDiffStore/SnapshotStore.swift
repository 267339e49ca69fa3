import ListDiff
import ListDiffWire

/// Where sessions keep their named snapshots: every version written, the older ones kept for
/// `changes` since them, and the waits for the next one. Speaks only in engine and wire values
/// and ``StoreError``s; the service maps those to HTTP once.
///
/// Calls block and may be made from any thread (the service makes them from worker threads);
/// each is atomic: a call that throws has changed nothing. Versions are `<epoch>.<n>.<digest>`
/// (``SnapshotVersion``) and name their content: a version from another epoch (another
/// process's in-memory store, a Redis session made anew) is never diffed against, nor one whose
/// content the store does not hold at that number (it lost writes and issued the number again),
/// so no token ever names two contents.
///
/// Every snapshot lives in a session of an owner (the API key's index, 0 without keys); one
/// owner never sees another's sessions. ``MemorySnapshotStore`` is the in-memory store.
public protocol SnapshotStore: AnyObject, Sendable {
    /// Makes a session: named `name`, or an unguessable name when nil.
    /// - Throws: ``StoreError/sessionExists(_:)`` when `name` is taken.
    func createSession(owner: Int, name: String?) throws(StoreError) -> String

    /// The session's snapshots that have a version, by name.
    /// - Throws: ``StoreError/sessionNotFound(_:)``.
    func listSnapshots(owner: Int, session: String) throws(StoreError) -> WireSessionListing

    /// Deletes a session and its snapshots; their waits end with ``StoreError/gone(_:)``.
    /// - Throws: ``StoreError/sessionNotFound(_:)``.
    func deleteSession(owner: Int, session: String) throws(StoreError)

    /// Writes `snapshot` (of the form `isFlat`) as the next version of the snapshot at
    /// `address`, creating the session and the snapshot when missing (and removing them again
    /// should the write be refused), unless it equals the current version. The changeset from
    /// the previous version is computed with `options`; waits on the snapshot are answered.
    /// - Throws: ``StoreError/versionMismatch(current:)`` when `conditions` fail,
    ///   ``StoreError/formMismatch(storedIsFlat:operationIndex:)``, ``StoreError/tooManyItems(_:limit:pointer:)``,
    ///   ``StoreError/tooManySnapshots(session:limit:)``, ``StoreError/storeFull(_:)``,
    ///   ``StoreError/invalidSnapshot(_:)``.
    func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions
    ) throws(StoreError) -> WriteResult

    /// Applies `operations` to the current version of an existing snapshot, all or nothing,
    /// and writes the result as ``write(_:isFlat:at:conditions:options:)`` does.
    /// - Throws: as `write`, plus ``StoreError/notFound(_:neverWritten:)``, ``StoreError/operationFailed(_:)``
    ///   and ``StoreError/tooMuchWork(operations:items:limit:)``.
    func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition, options: DiffOptions
    ) throws(StoreError) -> WriteResult

    /// The current version of an existing snapshot.
    /// - Throws: ``StoreError/notFound(_:neverWritten:)`` (also before its first version).
    func read(_ address: SnapshotAddress) throws(StoreError) -> StoredVersion

    /// The changes from `since` to the current version, or a reset when `since` cannot be
    /// diffed against (another epoch, newer than current, no longer kept, or naming content the
    /// store did not hold at that number). The changeset
    /// reports the marks of every version after `since` as updates (``VersionMarks``): a
    /// write's marks belong to the version it made, however far behind its follower is.
    func changes(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions) throws(StoreError)
        -> SnapshotChanges

    /// Deletes a snapshot; its waits end with ``StoreError/gone(_:)``.
    func deleteSnapshot(_ address: SnapshotAddress) throws(StoreError)

    /// Registers `answer` to be called once — from the thread of the write, or of whatever
    /// learned of it (a write through another instance) — with the changes
    /// from `since` to the next version (computed with `options`), or with
    /// ``StoreError/gone(_:)`` when the snapshot goes first. Nil, and no registration, when
    /// `since` is not the current version: the caller asks ``changes(at:since:options:)``;
    /// after nil, `answer` is never called. The caller owns the deadline: it cancels the wait,
    /// and no answer comes after that but one already under way.
    func waitForChange(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping @Sendable (Result<SnapshotChanges, StoreError>) -> Void
    ) throws(StoreError) -> ChangeWait?

    /// What the store holds now, for metrics.
    func statistics() -> StoreStatistics

    /// The epoch that starts every version this store writes, when one epoch covers them all
    /// (the memory store's, random per process start); empty when each stored session has its
    /// own (Redis, whose sessions outlive this process).
    var epoch: String { get }

    /// Whether the store answered when last asked, known without waiting on the network (a
    /// readiness probe reads it); a store that did not may check again in the background.
    var isReachable: Bool { get }
}
