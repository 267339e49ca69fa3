import Foundation
import ListDiff
import ListDiffStore
import ListDiffWire

extension RedisSnapshotStore {
    /// What a write builds on: the stored snapshot as read, or a guess the write script checks —
    /// as this instance last wrote it (``RecentSnapshots``, decoded), else as it last knew it
    /// (``KnownVersions``: from a read, or the last message about a snapshot it serves, so a
    /// write after one through another instance is one round trip too).
    struct Base {
        var epoch: String?
        var head: SnapshotHead?
        var snapshot: WireSnapshot?
        var isGuess: Bool
    }

    /// What one attempt at a write came to.
    enum Attempt {
        case done(WriteResult)
        /// The snapshot was not at the base: start again on what is stored.
        case again
    }

    /// Reads the current version (or takes the one this instance last wrote), checks
    /// `conditions`, builds `next(current, isFlat)`, diffs it and commits it if the snapshot is
    /// still at that version, content included; else starts again on the stored one. Writes to one snapshot
    /// through this instance take turns (as in the memory store), so only writers on other
    /// instances can make a write start again. A refusal found on a guessed base is checked
    /// again on the stored one before it is answered.
    func commit(
        at address: SnapshotAddress, conditions: WritePrecondition, isFlat newIsFlat: Bool?, options: DiffOptions,
        existing mustExist: Bool,
        _ next: (WireSnapshot, _ isFlat: Bool) throws(StoreError) -> WireSnapshot
    ) throws(StoreError) -> WriteResult {
        let turn = writeTurns[Int(UInt(bitPattern: address.hashValue) % UInt(writeTurns.count))]
        // The wait for the turn ends at the call's deadline: a lock does not queue its waiters in
        // order, and a later write holding the turn on a stopped server holds it to its own.
        if let left = StoreCallDeadline.secondsLeft {
            guard left > 0, turn.lock(before: Date(timeIntervalSinceNow: left)) else {
                throw .unavailable(
                    "the earlier writes to this snapshot through this instance did not finish in time",
                    outcomeUnknown: false)
            }
        } else {
            turn.lock()
        }
        defer { turn.unlock() }
        var guess = recent.take(address) ?? knownBase(address)
        var reads = 0
        while reads < Self.maxAttempts {
            let base: Base
            if let entry = guess {
                base = Base(epoch: entry.epoch, head: entry.head, snapshot: entry.snapshot, isGuess: true)
                guess = nil
            } else {
                // A writer that lost a race starts again at once: pausing would hand the next race
                // to the other instance's next writer too. Only a long losing streak backs off.
                if reads >= 16 { usleep(UInt32.random(in: 0...2_000)) }
                reads += 1
                let stored = try state(address, body: true)
                base = Base(
                    epoch: stored.epoch, head: stored.state?.head, snapshot: stored.state.map { Self.decode($0.body) },
                    isGuess: false)
            }
            do {
                if case .done(let result) = try attempt(
                    on: base, at: address, conditions: conditions, isFlat: newIsFlat, options: options,
                    existing: mustExist, next)
                {
                    return result
                }
            } catch  where base.isGuess {
                // A write sent is not sent again: its outcome is the caller's to learn.
                if case .unavailable(_, outcomeUnknown: true) = error { throw error }
                continue // checked again on the stored snapshot
            }
        }
        throw .unavailable(
            "the snapshot changed under \(Self.maxAttempts) attempts in a row to write it", outcomeUnknown: false)
    }

    private func attempt(
        on base: Base, at address: SnapshotAddress, conditions: WritePrecondition, isFlat newIsFlat: Bool?,
        options: DiffOptions, existing mustExist: Bool,
        _ next: (WireSnapshot, _ isFlat: Bool) throws(StoreError) -> WireSnapshot
    ) throws(StoreError) -> Attempt {
        if mustExist, base.epoch == nil { throw .sessionNotFound(address.session) }
        let number = base.head?.version.number ?? 0
        if mustExist, number == 0 { throw .notFound(address, neverWritten: false) }
        let epoch = base.epoch ?? RandomToken.hex(bits: 64)
        let before = SnapshotVersion(epoch: epoch, number: number, snapshotDigest: base.head?.digest)
        try conditions.check(current: before)
        let storedIsFlat = base.head?.isFlat ?? false
        if let newIsFlat, number > 0, newIsFlat != storedIsFlat {
            throw .formMismatch(storedIsFlat: storedIsFlat, operationIndex: nil)
        }
        let flat = number == 0 ? (newIsFlat ?? false) : storedIsFlat
        let old = base.snapshot ?? WireSnapshot.empty(flat: flat)
        let proposed = try next(old, flat)
        if let head = base.head, !proposed.hasMarks, proposed.hasSameElements(as: old) {
            // Nothing to write; but the answer names the stored version, so a guess will not do.
            return base.isGuess ? .again : .done(WriteResult(from: before, head: head, diff: nil))
        }
        let diff = try differ.written(from: old, to: proposed, options: options)
        // The body keeps the write's marks with its version (see RedisSnapshotStore+Marks);
        // what this instance builds on next has none.
        let body = WireEncoder.snapshot(proposed, flat: flat)
        let stored = proposed.withoutMarks
        let digest = SnapshotDigest.digest(of: proposed)
        let keys = keys(address)
        let mark = known.mark()
        let (reply, replicated) = try runReplicated(
            RedisScripts.write,
            keys: [keys.session, keys.names, keys.snapshot(address.snapshot), keys.history(address.snapshot)],
            arguments: [
                address.snapshot, base.epoch ?? "", String(number), epoch, digest, flat ? "1" : "0",
                String(proposed.numberOfItems)
            ].map { Array($0.utf8) } + [body]
                + [
                    String(max(0, limits.versionsKept - 1)), ttl, String(limits.maxSnapshotsPerSession), channel,
                    String(Int(touchSlack)), base.head?.digest ?? "",
                    body.count <= Self.messageBodyLimit ? "1" : "0"
                ].map { Array($0.utf8) })
        let expected = "ok, moved or full (the write script)"
        let fields = try parse(outcomeUnknown: true) { () throws(RedisError) in try Self.strings(reply, expected) }
        switch fields.first {
        case "ok":
            guard fields.count == 3, let version = Int(fields[2]) else {
                throw failure(.unexpectedReply(expected), outcomeUnknown: true)
            }
            let head = SnapshotHead(
                version: SnapshotVersion(epoch: fields[1], number: version, snapshotDigest: digest), digest: digest,
                isFlat: flat)
            let from = SnapshotVersion(epoch: fields[1], number: number, snapshotDigest: base.head?.digest)
            try checkReplicated(replicated)
            known.learned(head, items: proposed.numberOfItems, body: body, at: address, since: mark)
            recent.put(
                RecentSnapshots.Entry(epoch: fields[1], head: head, snapshot: stored, bytes: 4 * body.count),
                at: address)
            answerWaiters(at: address, diff: diff, from: from, to: head)
            return .done(WriteResult(from: from, head: head, diff: diff))
        case "full":
            // A guess that the snapshot existed would not have been told so.
            throw .tooManySnapshots(session: address.session, limit: limits.maxSnapshotsPerSession)
        case "moved":
            return .again // another write came first; diff again on its version.
        default:
            throw failure(.unexpectedReply(expected), outcomeUnknown: true)
        }
    }

    /// The version of `address` this instance knows (``KnownVersions``), decoded, as a write's guess.
    private func knownBase(_ address: SnapshotAddress) -> RecentSnapshots.Entry? {
        guard let known = known.stored(address, evictable: true), let body = known.body else { return nil }
        return RecentSnapshots.Entry(
            epoch: known.head.version.epoch, head: known.head, snapshot: Self.decode(body), bytes: 0)
    }

    /// Attempts at a write before giving up under contention.
    static let maxAttempts = 64

    /// The largest stored JSON a write's message carries (``VersionMessage``): every instance
    /// hears every message, and Redis closes a subscriber that falls 8 MiB behind for a minute.
    static let messageBodyLimit = 256 * 1024

    /// Answers the waits on `address` after a write through this instance: with the write's
    /// changes (a diff per set of options) where a wait was since the version it built on, with
    /// the changes since its own version otherwise (a write through another instance came
    /// between, and its message has not been handled yet).
    func answerWaiters(at address: SnapshotAddress, diff: WireDiff, from: SnapshotVersion, to: SnapshotHead) {
        var diffs = DiffsByOptions(diff, differ: differ)
        var shared = SharedChanges()
        for waiter in waiters.take(address, notAt: to.version) {
            guard waiter.since == from else {
                waiter.answer(
                    shared.changes(since: waiter.since, options: waiter.options) {
                        Result { () throws(StoreError) in
                            try changes(at: address, since: waiter.since, options: waiter.options)
                        }
                    })
                continue
            }
            waiter.answer(.success(.changes(from: from, to: to, diff: diffs.diff(with: waiter.options))))
        }
    }
}
