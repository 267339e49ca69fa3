import ListDiff
import ListDiffWire

/// How a store call answers: once, with its value or the ``StoreError`` that refused it.
public typealias StoreAnswer<Value> = @Sendable (Result<Value, StoreError>) -> Void

/// Where sessions keep their named snapshots: every version written, the older ones kept for
/// `changes` since them, and the waits for the next one. Speaks only in engine and wire values
/// and ``StoreError``s; the service maps those to HTTP once.
///
/// Every call answers through its completion, exactly once: a store that answers on the
/// calling thread (``InlineSnapshotStore``, the memory store) before the call returns, one
/// across the network later, from a thread of its own — so no caller branches on which, and a
/// caller on an event loop holds no thread while the answer is under way. Calls may be made
/// from any thread; each is atomic: a call answered with an error has changed nothing. A call
/// made inside a ``StoreCallDeadline`` is bounded by it.
///
/// Versions are `<epoch>.<n>.<digest>` (``SnapshotVersion``) and name their content: a version
/// from another epoch (another process's in-memory store, a Redis session made anew) is never
/// diffed against, nor one whose content the store does not hold at that number (it lost
/// writes and issued the number again), so no token ever names two contents.
///
/// Every snapshot lives in a session of an owner (the API key's index, 0 without keys); one
/// owner never sees another's sessions. ``MemorySnapshotStore`` is the in-memory store.
public protocol SnapshotStore: AnyObject, Sendable {
    /// Makes a session: named `name`, or an unguessable name when nil; answers its name.
    /// Refused with ``StoreError/sessionExists(_:)`` when `name` is taken.
    func createSession(owner: Int, name: String?, _ answer: @escaping StoreAnswer<String>)

    /// The session's snapshots that have a version, by name.
    /// Refused with ``StoreError/sessionNotFound(_:)``.
    func listSnapshots(owner: Int, session: String, _ answer: @escaping StoreAnswer<WireSessionListing>)

    /// Deletes a session and its snapshots; their waits end with ``StoreError/gone(_:)``.
    /// Refused with ``StoreError/sessionNotFound(_:)``.
    func deleteSession(owner: Int, session: String, _ answer: @escaping StoreAnswer<Void>)

    /// Writes `snapshot` (of the form `isFlat`) as the next version of the snapshot at
    /// `address`, creating the session and the snapshot when missing (and removing them again
    /// should the write be refused), unless it equals the current version. The changeset from
    /// the previous version is computed with `options`; waits on the snapshot are answered.
    /// Refused with ``StoreError/versionMismatch(current:)`` when `conditions` fail,
    /// ``StoreError/formMismatch(storedIsFlat:operationIndex:)``, ``StoreError/tooManyItems(_:limit:pointer:)``,
    /// ``StoreError/tooManySnapshots(session:limit:)``, ``StoreError/storeFull(_:)``,
    /// ``StoreError/invalidSnapshot(_:)``.
    func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions, _ answer: @escaping StoreAnswer<WriteResult>)

    /// Applies `operations` to the current version of an existing snapshot, all or nothing,
    /// and writes the result as ``write(_:isFlat:at:conditions:options:_:)`` does.
    /// Refused as `write`, and with ``StoreError/notFound(_:neverWritten:)``,
    /// ``StoreError/operationFailed(_:)`` and ``StoreError/tooMuchWork(operations:items:limit:)``.
    func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions, _ answer: @escaping StoreAnswer<WriteResult>)

    /// The current version of an existing snapshot.
    /// Refused with ``StoreError/notFound(_:neverWritten:)`` (also before its first version).
    func read(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<StoredVersion>)

    /// The changes from `since` to the current version, or a reset when `since` cannot be
    /// diffed against (another epoch, newer than current, no longer kept, or naming content the
    /// store did not hold at that number). The changeset reports the marks of every version
    /// after `since` as updates (``VersionMarks``): a write's marks belong to the version it
    /// made, however far behind its follower is.
    func changes(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>)

    /// Deletes a snapshot; its waits end with ``StoreError/gone(_:)``.
    func deleteSnapshot(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<Void>)

    /// Answers once with the changes from `since` to the first version after it (computed with
    /// `options`): at once, as ``changes(at:since:options:_:)`` would, when `since` is not the
    /// current version; else when the next write makes one — from the thread of the write, or
    /// of whatever learned of it (a write through another instance). A snapshot that goes
    /// first answers ``StoreError/gone(_:)``. The caller owns the deadline: it cancels the
    /// returned wait, and no answer comes after that but one already under way.
    func nextChanges(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>
    ) -> ChangeWait

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
