import Foundation
@_spi(Unchecked) import ListDiff
import ListDiffWire

/// One named snapshot of a session: its current version, the older versions kept as reverse
/// deltas, the marks each version's write carried, and the waits for its next version.
///
/// Writes to one snapshot are serialised by its lock, which is held while the write diffs
/// (so two writers cannot both build on the same version) and while the store admits the
/// write's bytes (its lock is taken after this one, never before). Reads copy what they need
/// under the lock (values, copied on write) and work outside it.
final class StoredSnapshot: @unchecked Sendable {
    // Sendable argument: every mutable property is read and written only while holding `lock`.
    let epoch: String
    private let versions: VersionCounter
    private let differ: SnapshotDiffer
    private let lock = NSLock()
    /// The current version, packed (see ``PackedSnapshot``), and the marks its write carried.
    private var current = PackedSnapshot()
    private var currentMarks = PackedMarks()
    private var isFlat: Bool
    private var version = 0
    private var digest: String
    private var history: VersionHistory
    private var waiters: [UInt64: Waiter] = [:]
    private var nextWaiterID: UInt64 = 0
    private var removal: StoreError.Removal?
    private var currentBytes = 0

    /// A new, empty snapshot (version 0) whose form is decided by its first write.
    init(
        epoch: String, versions: VersionCounter = VersionCounter(), versionsKept: Int,
        differ: SnapshotDiffer = .unmeasured
    ) {
        self.epoch = epoch
        self.versions = versions
        self.differ = differ
        isFlat = false
        digest = SnapshotDigest.digest(of: WireSnapshot())
        history = VersionHistory(limit: versionsKept - 1)
    }

    /// The current version (number 0 before the first write).
    func state() -> StoredVersion {
        lock.withLock { stateLocked() }
    }

    private func stateLocked() -> StoredVersion {
        let packed = current
        return StoredVersion(head: headLocked(), numberOfItems: packed.numberOfItems) { packed.snapshot() }
    }

    private func headLocked() -> SnapshotHead {
        SnapshotHead(
            version: SnapshotVersion(epoch: epoch, number: version, snapshotDigest: digest), digest: digest,
            isFlat: isFlat)
    }

    /// Estimated bytes held: the current snapshot, the kept deltas and every version's marks.
    var bytes: Int { lock.withLock { currentBytes + history.bytes } }

    /// Admits a write's change of ``bytes`` (`delta`) before anything changes: given the
    /// sizes of the older versions the write would keep, oldest first, it answers how many of
    /// them to drop to make room, or throws (the write is refused, nothing changed).
    typealias ByteAdmission = (_ delta: Int, _ olderVersionBytes: [Int]) throws(StoreError) -> Int

    /// Writes the snapshot `next(current, isFlat)` returns as a new version, unless it equals
    /// the current one. `conditions` may refuse it; `isFlat` is the form the client sent (nil:
    /// keep the stored one); `admit` may refuse its bytes. The diff from the previous version
    /// uses `options`; waits on this snapshot are answered. All or nothing: a refusal at any
    /// step leaves the snapshot as it was.
    func write(
        conditions: WritePrecondition, isFlat newIsFlat: Bool?, options: DiffOptions,
        admit: ByteAdmission,
        _ next: (WireSnapshot, _ isFlat: Bool) throws(StoreError) -> WireSnapshot
    ) throws(StoreError) -> WriteResult {
        let (result, answers) = try lock.locked { () throws(StoreError) in
            try writeLocked(conditions: conditions, isFlat: newIsFlat, options: options, admit: admit, next)
        }
        // Outside the lock: an answer may call the store again.
        for answer in answers { answer() }
        return result
    }

    private func writeLocked(
        conditions: WritePrecondition, isFlat newIsFlat: Bool?, options: DiffOptions,
        admit: ByteAdmission,
        _ next: (WireSnapshot, _ isFlat: Bool) throws(StoreError) -> WireSnapshot
    ) throws(StoreError) -> (WriteResult, [() -> Void]) {
        if removal != nil { throw .gone(.snapshotDeletedDuringWrite) }
        let before = headLocked().version
        try conditions.check(current: before)
        if let newIsFlat, version > 0, newIsFlat != isFlat {
            throw .formMismatch(storedIsFlat: isFlat, operationIndex: nil)
        }
        let flat = version == 0 ? (newIsFlat ?? false) : isFlat
        let old = version == 0 ? WireSnapshot.empty(flat: flat) : current.snapshot()
        let proposed = try next(old, flat)
        if version > 0 && !proposed.hasMarks && proposed.hasSameElements(as: old) {
            return (WriteResult(from: before, head: headLocked(), diff: nil), [])
        }
        let diff = try differ.written(from: old, to: proposed, options: options)
        let packed = PackedSnapshot(proposed)
        let marks = PackedMarks(of: proposed)
        var kept = history
        if version > 0 {
            kept.push(version: version, digest: digest, marks: currentMarks, ReverseDelta(from: proposed, to: old))
        }
        let dropped = try admit(
            packed.bytes + marks.bytes + kept.bytes - (currentBytes + history.bytes), kept.bytesOldestFirst)
        kept.dropOldest(dropped)
        history = kept
        current = packed
        currentMarks = marks
        currentBytes = packed.bytes + marks.bytes
        isFlat = flat
        version = versions.next()
        digest = SnapshotDigest.digest(of: proposed)
        let head = headLocked()
        return (WriteResult(from: before, head: head, diff: diff), takeWaiters(diff: diff, from: before, to: head))
    }

    /// The changes since `since`, carrying the marks of every version after it (see
    /// ``VersionMarks/marking(_:)``), or a reset when that version is from another epoch, newer
    /// than the current one, no longer kept, or names content this snapshot did not hold at
    /// that number (a rollback put back older versions). The older version is rebuilt and
    /// diffed outside the lock. O(rebuild + diff).
    func changes(since: SnapshotVersion, options: DiffOptions) throws(StoreError) -> SnapshotChanges {
        typealias Rebuild = (deltas: [ReverseDelta], marksAfter: [PackedMarks])
        let (state, rebuild): (StoredVersion, Rebuild?) = try lock.locked { () throws(StoreError) in
            if let removal { throw .gone(removal) }
            let state = stateLocked()
            guard since.epoch == epoch, since.number <= version else { return (state, nil) }
            if since.number == version { return (state, since == state.head.version ? ([], []) : nil) }
            guard let digest = since.digest, history.digest(of: since.number).map(SnapshotVersion.tokenDigest) == digest
            else { return (state, nil) }
            return (state, history.rebuilding(since.number).map { ($0.deltas, [currentMarks] + $0.marksAfter) })
        }
        guard let rebuild else { return .reset(state) }
        guard !rebuild.deltas.isEmpty else { return .changes(from: since, to: state.head, diff: nil) }
        let newest = state.snapshot()
        let older = rebuild.deltas.reduce(newest) { $1.apply(to: $0) }
        var marks = VersionMarks()
        for packed in rebuild.marksAfter where !packed.isEmpty { marks.formUnion(packed.unpacked()) }
        do {
            let diff = try differ.diff(from: older, to: marks.marking(newest), options: options)
            return .changes(from: since, to: state.head, diff: diff)
        } catch {
            return .reset(state)
        }
    }

    /// Registers `answer` for the next write if `since` is the current version (its content
    /// too), under the
    /// lock, so no write can slip between the check and the registration; nil otherwise.
    func waitForChange(since: SnapshotVersion, options: DiffOptions, _ answer: @escaping Waiter.Answer)
        throws(StoreError) -> ChangeWait?
    {
        let id: UInt64? = try lock.locked { () throws(StoreError) in
            if let removal { throw .gone(removal) }
            guard since == headLocked().version else { return nil }
            nextWaiterID += 1
            waiters[nextWaiterID] = Waiter(options: options, answer: answer)
            return nextWaiterID
        }
        guard let id else { return nil }
        return ChangeWait { [weak self] in
            guard let self else { return }
            lock.withLock { _ = waiters.removeValue(forKey: id) }
        }
    }

    /// Marks the snapshot removed and ends its waits with `.gone(removal)`. Returns the bytes
    /// it held the first time (the store's to give back), 0 after.
    @discardableResult
    func markRemoved(_ removal: StoreError.Removal) -> Int {
        let (taken, bytes): ([Waiter], Int) = lock.withLock {
            let held = self.removal == nil ? currentBytes + history.bytes : 0
            if self.removal == nil { self.removal = removal }
            return (takeAllWaitersLocked(), held)
        }
        for waiter in taken { waiter.answer(.failure(.gone(removal))) }
        return bytes
    }

    /// What ``restore(_:)`` puts back: every version's state, not the waits.
    struct Saved: Sendable {
        fileprivate var current: PackedSnapshot
        fileprivate var currentMarks: PackedMarks
        fileprivate var isFlat: Bool
        fileprivate var version: Int
        fileprivate var digest: String
        fileprivate var history: VersionHistory
        fileprivate var currentBytes: Int
    }

    /// The state of its versions now (a test hook's: see `MemorySnapshotStore+Rollback.swift`).
    func saved() -> Saved {
        lock.withLock {
            Saved(
                current: current, currentMarks: currentMarks, isFlat: isFlat, version: version, digest: digest,
                history: history, currentBytes: currentBytes)
        }
    }

    /// Puts back the state `saved()` returned, as a store restored from a backup would.
    func restore(_ saved: Saved) throws(StoreError) {
        let answers: [() -> Void] = try lock.locked { () throws(StoreError) in
            if let removal { throw .gone(removal) }
            let changed = version != saved.version || digest != saved.digest
            current = saved.current
            currentMarks = saved.currentMarks
            isFlat = saved.isFlat
            version = saved.version
            digest = saved.digest
            history = saved.history
            currentBytes = saved.currentBytes
            // The waits were registered at the version the restore took away: the next write's
            // diff would start at the restored one, not theirs. Each gets the restored content.
            guard changed, !waiters.isEmpty else { return [] }
            return takeAllWaitersLocked(answering: .reset(stateLocked()))
        }
        for answer in answers { answer() }
    }

    /// Versions kept: the current one (if any) and the older ones.
    var versionCount: Int { lock.withLock { version == 0 ? 0 : 1 + history.count } }

    // MARK: Waits

    struct Waiter {
        typealias Answer = @Sendable (Result<SnapshotChanges, StoreError>) -> Void
        var options: DiffOptions
        var answer: Answer
    }

    /// Takes every waiter, each with its answer to the write that just happened (under
    /// `lock`): one diff per set of options the waiters asked for.
    private func takeWaiters(diff: WireDiff, from: SnapshotVersion, to: SnapshotHead) -> [() -> Void] {
        guard !waiters.isEmpty else { return [] }
        var diffs = DiffsByOptions(diff, differ: differ)
        return takeAllWaitersLocked().map { waiter in
            let waiterDiff = diffs.diff(with: waiter.options)
            return { waiter.answer(.success(.changes(from: from, to: to, diff: waiterDiff))) }
        }
    }

    /// Takes every waiter, each with `changes` as its answer (under `lock`).
    private func takeAllWaitersLocked(answering changes: SnapshotChanges) -> [() -> Void] {
        takeAllWaitersLocked().map { waiter in { waiter.answer(.success(changes)) } }
    }

    /// Removes and returns every waiter (under `lock`).
    private func takeAllWaitersLocked() -> [Waiter] {
        defer { waiters = [:] }
        return Array(waiters.values)
    }
}
