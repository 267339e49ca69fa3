import Foundation
@_spi(Unchecked) import ListDiff
import ListDiffHTTP
import ListDiffJSON

/// One named snapshot of a session: its current version, the older versions kept as reverse
/// deltas, and the long polls waiting for its next version.
///
/// Writes to one snapshot are serialised by its lock, which is held while the write diffs
/// (so two writers cannot both build on the same version) and while the store admits the
/// write's bytes (its lock is taken after this one, never before). Reads copy what they need
/// under the lock (values, copied on write) and work outside it.
final class StoredSnapshot: @unchecked Sendable {
    // Sendable argument: every mutable property is read and written only while holding `lock`.
    let epoch: String
    private let versions: VersionCounter
    private let diffMetrics: DiffMetrics
    private let lock = NSLock()
    /// The current version, packed (see ``PackedSnapshot``).
    private var current = PackedSnapshot()
    private var isFlat: Bool
    private var version = 0
    private var digest: String
    private var history: VersionHistory
    private var waiters: [UInt64: ChangeWaiter] = [:]
    private var nextWaiterID: UInt64 = 0
    private var isDeleted = false
    private var currentBytes = 0

    /// A new, empty snapshot (version 0) whose form is decided by its first write.
    init(epoch: String, versions: VersionCounter = VersionCounter(), versionsKept: Int, diffMetrics: DiffMetrics = DiffMetrics()) {
        self.epoch = epoch
        self.versions = versions
        self.diffMetrics = diffMetrics
        isFlat = false
        digest = SnapshotDigest.digest(of: WireSnapshot())
        history = VersionHistory(limit: versionsKept - 1)
    }

    /// What a read sees: the snapshot and its version, digest and form.
    struct State {
        var packed: PackedSnapshot
        var version: SnapshotVersion
        var digest: String
        var isFlat: Bool

        /// The snapshot in the engine's form. O(size): unpacks it.
        var snapshot: WireSnapshot { packed.snapshot() }
    }

    func state() -> State {
        lock.withLock { stateLocked() }
    }

    private func stateLocked() -> State {
        State(packed: current, version: SnapshotVersion(epoch: epoch, number: version), digest: digest, isFlat: isFlat)
    }

    /// Estimated bytes held: the current snapshot and the kept deltas.
    var bytes: Int { lock.withLock { currentBytes + history.bytes } }

    /// What a write did.
    struct WriteOutcome {
        var from: SnapshotVersion
        var to: SnapshotVersion
        var digest: String
        /// Nil when nothing changed (no new version).
        var diff: WireDiff?
        var isFlat: Bool
    }

    /// Admits a write's change of ``bytes`` (`delta`) before anything changes: given the
    /// sizes of the older versions the write would keep, oldest first, it answers how many of
    /// them to drop to make room, or throws (the write is refused, nothing changed).
    typealias ByteAdmission = (_ delta: Int, _ olderVersionBytes: [Int]) throws(ServiceProblem) -> Int

    /// Writes the snapshot `next(current, isFlat)` returns as a new version, unless it equals
    /// the current one. `conditions` may refuse it (412 with the current version); `isFlat` is
    /// the form the client sent (nil: keep the stored one); `admit` may refuse its bytes. The
    /// diff from the previous version uses `format`; long polls waiting on this snapshot are
    /// answered with it. All or nothing: a refusal at any step leaves the snapshot as it was.
    func write(
        conditions: WriteConditions, isFlat newIsFlat: Bool?, format: ChangesetFormat,
        admit: ByteAdmission,
        _ next: (WireSnapshot, _ isFlat: Bool) throws(ServiceProblem) -> WireSnapshot
    ) throws(ServiceProblem) -> WriteOutcome {
        lock.lock()
        defer { lock.unlock() }
        guard !isDeleted else { throw ServiceProblem.notFound("the snapshot was deleted while this request waited") }
        let before = SnapshotVersion(epoch: epoch, number: version)
        try conditions.check(current: before, exists: version > 0)
        if let newIsFlat, version > 0, newIsFlat != isFlat {
            throw ServiceProblem.formMismatch(storedIsFlat: isFlat, "; send the same form, or DELETE the snapshot first")
        }
        let flat = version == 0 ? (newIsFlat ?? false) : isFlat
        let old = version == 0 ? Self.empty(flat: flat) : current.snapshot()
        let proposed = try next(old, flat)
        let hasMarks = !proposed.reloadedItems.isEmpty || !proposed.reconfiguredItems.isEmpty || !proposed.reloadedSections.isEmpty
        if version > 0 && !hasMarks && proposed.sections.elementsEqual(old.sections, by: Self.sameSection) {
            return WriteOutcome(from: before, to: before, digest: digest, diff: nil, isFlat: flat)
        }
        let diff: WireDiff
        do {
            diff = try diffMetrics.timed(items: old.numberOfItems + proposed.numberOfItems) { () throws(SectionedDiffError<WireID, WireID>) in
                try SectionedDiff(from: old, to: proposed, options: format.options)
            }
        } catch {
            throw ServiceProblem(422, "invalid-snapshot", title: "Snapshot cannot be diffed", detail: "\(error)")
        }
        let packed = PackedSnapshot(proposed)
        var kept = history
        if version > 0 { kept.push(version: version, digest: digest, ReverseDelta(from: proposed, to: old)) }
        let dropped = try admit(packed.bytes + kept.bytes - (currentBytes + history.bytes), kept.bytesOldestFirst)
        kept.dropOldest(dropped)
        history = kept
        current = packed
        currentBytes = packed.bytes
        isFlat = flat
        version = versions.next()
        digest = SnapshotDigest.digest(of: proposed)
        let after = SnapshotVersion(epoch: epoch, number: version)
        answerWaiters(diff: diff, format: format, from: before, to: after)
        return WriteOutcome(from: before, to: after, digest: digest, diff: diff, isFlat: flat)
    }

    /// What `changes?since=` answers.
    enum Changes {
        /// The changeset from `from` to the current version (nil diff: nothing changed).
        case changes(from: SnapshotVersion, state: State, diff: WireDiff?)
        /// `since` cannot be diffed against: the whole current snapshot.
        case reset(State)
    }

    /// The changes since `since`, or a reset when that version is absent, from another epoch,
    /// newer than the current one or no longer kept. The older version is rebuilt and diffed
    /// outside the lock. O(rebuild + diff).
    func changes(since: SnapshotVersion?, format: ChangesetFormat) throws(ServiceProblem) -> Changes {
        let (state, deltas): (State, [ReverseDelta]?) = try lock.locked { () throws(ServiceProblem) in
            guard !isDeleted else { throw ServiceProblem.notFound("the snapshot was deleted") }
            let state = stateLocked()
            guard let since, since.epoch == epoch, since.number <= version else { return (state, nil) }
            if since.number == version { return (state, []) }
            return (state, history.deltas(rebuilding: since.number))
        }
        guard let since, let deltas else { return .reset(state) }
        guard !deltas.isEmpty else { return .changes(from: since, state: state, diff: nil) }
        let newest = state.snapshot
        let older = deltas.reduce(newest) { $1.apply(to: $0) }
        do {
            let diff = try diffMetrics.timed(items: older.numberOfItems + newest.numberOfItems) { () throws(SectionedDiffError<WireID, WireID>) in
                try SectionedDiff(from: older, to: newest, options: format.options)
            }
            return .changes(from: since, state: state, diff: diff)
        } catch {
            return .reset(state)
        }
    }

    /// A long poll: if `since` is the current version, a deferred response answered by the
    /// next write (with its changeset) or after `wait` seconds (with an empty one); nil if
    /// `since` is not current (the caller answers at once). Registered under the lock, so no
    /// write can slip between the check and the registration.
    func waitForChange(since: SnapshotVersion, wait: Double, format: ChangesetFormat) throws(ServiceProblem) -> HTTPDeferredResponse? {
        let deferred = HTTPDeferredResponse(timeout: wait) { [weak self] in
            self?.unchangedResponse(since: since, format: format) ?? ServiceProblem.notFound("the snapshot was deleted").response
        }
        let id: UInt64? = try lock.locked { () throws(ServiceProblem) in
            guard !isDeleted else { throw ServiceProblem.notFound("the snapshot was deleted") }
            guard since.epoch == epoch, since.number == version else { return nil }
            nextWaiterID += 1
            waiters[nextWaiterID] = ChangeWaiter(format: format, deferred: deferred)
            return nextWaiterID
        }
        guard let id else { return nil }
        deferred.onCancel { [weak self] in
            guard let self else { return }
            lock.withLock { _ = waiters.removeValue(forKey: id) }
        }
        return deferred
    }

    /// Marks the snapshot deleted and answers its long polls 404. Returns the bytes it held
    /// the first time (the store's to give back), 0 after.
    @discardableResult
    func markDeleted(reason: String) -> Int {
        let (taken, bytes): ([ChangeWaiter], Int) = lock.withLock {
            defer { waiters = [:] }
            let held = isDeleted ? 0 : currentBytes + history.bytes
            isDeleted = true
            return (Array(waiters.values), held)
        }
        let response = ServiceProblem.notFound(reason).response
        for waiter in taken { waiter.deferred.complete(response) }
        return bytes
    }

    /// Versions kept: the current one (if any) and the older ones.
    var versionCount: Int { lock.withLock { version == 0 ? 0 : 1 + history.count } }

    /// Long polls waiting now.
    var waiterCount: Int { lock.withLock { waiters.count } }

    // MARK: Long polls

    private struct ChangeWaiter {
        var format: ChangesetFormat
        var deferred: HTTPDeferredResponse
    }

    /// The answer to a long poll whose wait ended: nothing changed (a write would have
    /// answered it), so an empty changeset from `since` to itself; if a write raced the
    /// deadline, the changes since then.
    private func unchangedResponse(since: SnapshotVersion, format: ChangesetFormat) -> HTTPResponse {
        let (unchanged, flat, currentDigest) = lock.withLock { (version == since.number, isFlat, digest) }
        if unchanged {
            return ServiceJSON.response(ServiceJSON.changes(from: since, to: since, digest: currentDigest, diff: nil, format: format, flat: flat), version: since)
        }
        do {
            return Self.response(to: try changes(since: since, format: format), format: format)
        } catch {
            return error.response
        }
    }

    /// The response to a `changes` result.
    static func response(to changes: Changes, format: ChangesetFormat) -> HTTPResponse {
        switch changes {
        case .changes(let from, let state, let diff):
            return ServiceJSON.response(ServiceJSON.changes(from: from, to: state.version, digest: state.digest, diff: diff, format: format, flat: state.isFlat),
                                        version: state.version)
        case .reset(let state):
            return ServiceJSON.response(ServiceJSON.reset(to: state.version, digest: state.digest, snapshot: state.snapshot, flat: state.isFlat),
                                        version: state.version)
        }
    }

    /// Answers every waiter with the changeset of the write that just happened (under `lock`).
    private func answerWaiters(diff: WireDiff, format: ChangesetFormat, from: SnapshotVersion, to: SnapshotVersion) {
        guard !waiters.isEmpty else { return }
        let taken = waiters.values
        waiters = [:]
        var written: [ChangesetFormat: [UInt8]] = [:]
        for waiter in taken {
            let body: [UInt8]
            if let cached = written[waiter.format] {
                body = cached
            } else {
                let waiterDiff = waiter.format.options == format.options ? diff
                    : (try? SectionedDiff(from: diff.old, to: diff.new, options: waiter.format.options)) ?? diff
                body = ServiceJSON.changes(from: from, to: to, digest: digest, diff: waiterDiff, format: waiter.format, flat: isFlat)
                written[waiter.format] = body
            }
            waiter.deferred.complete(ServiceJSON.response(body, version: to))
        }
    }

    // MARK: Helpers

    /// The state before the first version: no items, in the given form.
    static func empty(flat: Bool) -> WireSnapshot {
        flat ? WireSnapshot(uncheckedUniqueSections: [WireSnapshot.Section(WireID.flatSection)]) : WireSnapshot()
    }

    private static func sameSection(_ lhs: WireSnapshot.Section, _ rhs: WireSnapshot.Section) -> Bool {
        lhs.id == rhs.id && lhs.content == rhs.content
            && lhs.items.elementsEqual(rhs.items) { $0.id == $1.id && $0.content == $1.content }
    }
}
