import Foundation
import ListDiff
import ListDiffJSON
import ListDiffStore

extension RedisSnapshotStore {
    /// Reads the current version, checks `conditions`, builds `next(current, isFlat)`, diffs it
    /// and commits it if the snapshot is still at that version; else starts again on the new
    /// one. Writes to one snapshot through this instance take turns (as in the memory store),
    /// so only writers on other instances can make a write start again.
    func commit(at address: SnapshotAddress, conditions: WriteConditions, isFlat newIsFlat: Bool?, options: DiffOptions, existing mustExist: Bool,
                _ next: (WireSnapshot, _ isFlat: Bool) throws(StoreError) -> WireSnapshot) throws(StoreError) -> WriteResult {
        let turn = writeTurns[Int(UInt(bitPattern: address.hashValue) % UInt(writeTurns.count))]
        turn.lock()
        defer { turn.unlock() }
        let keys = keys(address)
        for attempt in 0..<Self.maxAttempts {
            // A writer that lost a race starts again at once: pausing would hand the next race
            // to the other instance's next writer too. Only a long losing streak backs off.
            if attempt >= 16 { usleep(UInt32.random(in: 0...2_000)) }
            let current = try state(address, body: true)
            if mustExist, current.epoch == nil { throw .sessionNotFound(address.session) }
            let number = current.state?.head.version.number ?? 0
            if mustExist, number == 0 { throw .notFound(address, neverWritten: false) }
            let epoch = current.epoch ?? RandomToken.hex(bits: 64)
            let before = SnapshotVersion(epoch: epoch, number: number)
            try conditions.check(current: before, exists: number > 0)
            let storedIsFlat = current.state?.head.isFlat ?? false
            if let newIsFlat, number > 0, newIsFlat != storedIsFlat { throw .formMismatch(storedIsFlat: storedIsFlat, operationIndex: nil) }
            let flat = number == 0 ? (newIsFlat ?? false) : storedIsFlat
            let old = current.state.map { Self.decode($0.body) } ?? WireSnapshot.empty(flat: flat)
            let proposed = try next(old, flat)
            if let state = current.state, !proposed.hasMarks, proposed.hasSameElements(as: old) {
                return WriteResult(from: before, head: state.head, diff: nil)
            }
            let diff = try WireDiff.written(from: old, to: proposed, options: options, observe: observeDiff)
            var writer = JSONWriter(reservingCapacity: 16 * proposed.numberOfItems + 64)
            writer.writeSnapshot(proposed.withoutMarks, flat: flat)
            let digest = SnapshotDigest.digest(of: proposed)
            let reply = try run(RedisScripts.write, keys: [keys.session, keys.names, keys.snapshot(address.snapshot), keys.history(address.snapshot)], arguments: [
                address.snapshot, current.epoch ?? "", String(number), epoch, digest, flat ? "1" : "0", String(proposed.numberOfItems),
            ].map { Array($0.utf8) } + [writer.bytes] + [String(max(0, limits.versionsKept - 1)), ttl, String(limits.maxSnapshotsPerSession), channel].map { Array($0.utf8) },
                                outcomeUnknown: true)
            let fields = Self.strings(reply)
            switch fields.first {
            case "ok":
                guard fields.count == 3, let version = Int(fields[2]) else { throw .unavailable("an unexpected reply to a write", outcomeUnknown: true) }
                let head = SnapshotHead(version: SnapshotVersion(epoch: fields[1], number: version), digest: digest, isFlat: flat)
                let from = SnapshotVersion(epoch: fields[1], number: number)
                answerWaiters(at: address, diff: diff, from: from, to: head)
                return WriteResult(from: from, head: head, diff: diff)
            case "full":
                throw .tooManySnapshots(session: address.session, limit: limits.maxSnapshotsPerSession)
            default:
                continue // "moved": another write came first; diff again on its version.
            }
        }
        throw .unavailable("the snapshot changed under \(Self.maxAttempts) attempts in a row to write it", outcomeUnknown: false)
    }

    /// Attempts at a write before giving up under contention.
    static let maxAttempts = 64

    /// Answers the waits on `address` after a write through this instance: with the write's
    /// changes (a diff per set of options) where a wait was since the version it built on, with
    /// the changes since its own version otherwise (a write through another instance came
    /// between, and its message has not been handled yet).
    func answerWaiters(at address: SnapshotAddress, diff: WireDiff, from: SnapshotVersion, to: SnapshotHead) {
        var diffs = DiffsByOptions(diff)
        for waiter in waiters.take(address, notAt: to.version) {
            guard waiter.since == from else {
                waiter.answer(Result { () throws(StoreError) in try changes(at: address, since: waiter.since, options: waiter.options) })
                continue
            }
            waiter.answer(.success(.changes(from: from, to: to, diff: diffs.diff(with: waiter.options))))
        }
    }
}
