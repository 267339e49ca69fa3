import Foundation
import ListDiff
import ListDiffScenarios
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// A write's message carries its versions and its JSON (``VersionMessage``): an instance that
/// knows the base (``KnownVersions``) answers its waits there and takes the next wait without a
/// round trip. Messages lost, repeated or late, and a known version outliving a rollback, cost
/// reads — never a wrong changeset, never a follower left behind once a message comes through.
@Suite(.serialized, .ownThreads) struct RedisCarriedChangesTests {
    typealias T = RedisSnapshotStoreTests

    static func store(_ server: RedisServerProcess) -> RedisSnapshotStore {
        RedisSnapshotStore(client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: T.limits)
    }

    static func write(_ ids: [String], through store: RedisSnapshotStore) throws -> SnapshotHead {
        try store.write(T.flat(ids), isFlat: true, at: T.feed, conditions: .unconditional, options: DiffOptions()).head
    }

    /// Waits until `holder`'s subscriber listens (its first wait starts it).
    static func listening(_ holder: RedisSnapshotStore) {
        let deadline = Date(timeIntervalSinceNow: 5)
        while holder.known.mark() == nil, Date() < deadline { usleep(10_000) }
    }

    @Test func aFollowerAtAVersionTheInstanceKnowsCostsNoRoundTrip() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let (writer, holder) = (Self.store(server), Self.store(server))
        let first = try Self.write(["a", "b"], through: writer).version
        _ = try holder.waitForChange(at: T.feed, since: first, options: DiffOptions()) { _ in }?.cancel()
        Self.listening(holder)
        #expect(try holder.read(T.feed).head.version == first, "the read the stream opens with")

        let before = holder.statistics().roundTrips
        let answers = Answers()
        let wait = try holder.waitForChange(at: T.feed, since: first, options: DiffOptions()) { answers.add($0) }
        #expect(wait != nil)
        let second = try Self.write(["b", "a", "c"], through: writer).version
        guard case .success(.changes(let from, let to, let diff?))? = answers.waitFor(1).first else {
            Issue.record("the wait was answered \(answers.all), not with the changes")
            return
        }
        #expect(from == first && to.version == second)
        #expect(StoreInputIDs.ids(diff.old) == ["a", "b"] && StoreInputIDs.ids(diff.new) == ["b", "a", "c"])
        let again = try holder.waitForChange(at: T.feed, since: second, options: DiffOptions()) { _ in }
        #expect(again != nil)
        again?.cancel()
        #expect(
            holder.statistics().roundTrips == before,
            "registering, being answered and registering again: \(holder.statistics().roundTrips - before) round trips")
    }

    /// Seeded: the holder's subscriber drops, duplicates or holds back (past the next) each
    /// message at random while another instance writes; a follower on the holder checks every
    /// answer against what was written. A wait not answered in a second is given up and caught
    /// up by a read (a client's reconnect); after the faults a last message goes through.
    @Test(arguments: [UInt64(0x5EED_0001), 0x5EED_0002, 0x5EED_0003])
    func messagesLostRepeatedOrLateCostReadsNeverWrongAnswers(seed: UInt64) throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        print("RedisCarriedChangesTests seed \(seed)")
        let (writer, holder) = (Self.store(server), Self.store(server))
        var random = SplitMix64(seed: seed)
        var written: [SnapshotVersion: [String]] = [:]
        var ids = ["a", "b", "c"]
        var head = try Self.write(ids, through: writer).version
        written[head] = ids
        _ = try holder.waitForChange(at: T.feed, since: head, options: DiffOptions()) { _ in }?.cancel()
        Self.listening(holder)
        holder.seam.reshape(with: MessageFaults<VersionMessage>(seed: seed).reshape)

        var follower = (version: head, ids: ids)
        var wrong: [String] = []
        for step in 0..<40 {
            ids = Self.nextList(after: ids, using: &random)
            head = try Self.write(ids, through: step % 5 == 4 ? holder : writer).version
            written[head] = ids
            if step == 38 { holder.seam.reshape(with: nil) }
            try Self.follow(&follower, on: holder, until: step >= 38 ? head : nil, written: written, wrong: &wrong)
        }
        #expect(wrong.isEmpty, "seed \(seed): \(wrong)")
        #expect(
            follower.version == head, "seed \(seed): the follower ended at \(follower.version), the snapshot at \(head)"
        )
    }

    /// Moves `follower` by what `holder` answers: a wait (given up after a second), or a read
    /// when the wait is declined or given up; repeats until `target` when given.
    static func follow(
        _ follower: inout (version: SnapshotVersion, ids: [String]), on holder: RedisSnapshotStore,
        until target: SnapshotVersion?, written: [SnapshotVersion: [String]], wrong: inout [String]
    ) throws {
        let deadline = Date(timeIntervalSinceNow: 10)
        repeat {
            let answers = Answers()
            var answer: Result<SnapshotChanges, StoreError>?
            if let wait = try holder.waitForChange(
                at: T.feed, since: follower.version, options: DiffOptions(), { answers.add($0) })
            {
                answer = answers.waitFor(1, within: target == nil ? 0.2 : 1).first
                if answer == nil {
                    wait.cancel()
                    answer = answers.all.first // one under way when cancelled
                }
            }
            let changes =
                try answer?.get() ?? holder.changes(at: T.feed, since: follower.version, options: DiffOptions())
            switch changes {
            case .changes(let from, let to, let diff):
                if from != follower.version {
                    wrong.append("changes from \(from), the follower at \(follower.version)")
                }
                guard let diff else {
                    // "Nothing since yours" names the version the follower holds.
                    if to.version != from { wrong.append("no changeset from \(from) to \(to.version)") }
                    break
                }
                if StoreInputIDs.ids(diff.old) != follower.ids || StoreInputIDs.ids(diff.new) != written[to.version] {
                    wrong.append(
                        "\(from) → \(to.version): \(StoreInputIDs.ids(diff.old)) → \(StoreInputIDs.ids(diff.new))")
                }
                follower = (to.version, written[to.version] ?? [])
            case .reset(let stored):
                wrong.append("a reset to \(stored.head.version) with no rollback")
                follower = (stored.head.version, StoreInputIDs.ids(stored.snapshot()))
            }
        } while target.map { follower.version != $0 && Date() < deadline } ?? false
    }

    static func nextList(after ids: [String], using random: inout SplitMix64) -> [String] {
        var next = ids.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
        next.shuffle(using: &random)
        next.append("n\(UInt32.random(in: 0...UInt32.max, using: &random))")
        return next
    }

    @Test func aKnownVersionOutlivingARollbackCostsAResetNeverAWrongChangeset() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let (writer, holder) = (Self.store(server), Self.store(server))
        let kept = try Self.write(["a"], through: writer)
        _ = try holder.waitForChange(at: T.feed, since: kept.version, options: DiffOptions()) { _ in }?.cancel()
        Self.listening(holder)
        let raw = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 5)
        let keys = RedisKeys(namespace: "ld", owner: T.feed.owner, session: T.feed.session)
        let saved = try [keys.session, keys.names, keys.snapshot("feed")].map { key in
            (key, try raw.call(RESPCommand("DUMP", key)).bytes ?? [])
        }
        let lost = try Self.write(["a", "b"], through: writer)
        // A read learns the version unless the write's message came while it was in flight.
        let deadline = Date(timeIntervalSinceNow: 3)
        repeat { _ = try holder.read(T.feed) } while holder.known.current(T.feed) != lost.version && Date() < deadline
        #expect(holder.known.current(T.feed) == lost.version)
        // A failover to a replica without the last write, the subscriber still connected: no
        // message says so.
        for (key, dump) in saved {
            _ = try raw.call(
                RESPCommand([Array("RESTORE".utf8), Array(key.utf8), Array("0".utf8), dump, Array("REPLACE".utf8)]))
        }

        let answers = Answers()
        let atLost = try holder.waitForChange(at: T.feed, since: lost.version, options: DiffOptions()) {
            answers.add($0)
        }
        #expect(atLost != nil, "registered against the known version, which the rollback left stale")

        let behind = try holder.waitForChange(at: T.feed, since: kept.version, options: DiffOptions()) { _ in }
        #expect(behind == nil, "the known version is newer: the caller reads")
        guard
            case .changes(_, let to, nil) = try holder.changes(at: T.feed, since: kept.version, options: DiffOptions())
        else {
            Issue.record("the stored version is the one kept")
            return
        }
        #expect(to.version == kept.version)
        let registered = try holder.waitForChange(at: T.feed, since: kept.version, options: DiffOptions()) { _ in }
        #expect(registered != nil, "the read that disagreed dropped the known version: no loop of declined waits")
        registered?.cancel()

        let replaced = try Self.write(["x"], through: writer)
        #expect(replaced.version.number == lost.version.number && replaced.version != lost.version)
        guard case .success(.reset(let stored))? = answers.waitFor(1).first else {
            Issue.record("a follower of the lost content got \(answers.all), not a reset")
            return
        }
        #expect(stored.head.version == replaced.version && StoreInputIDs.ids(stored.snapshot()) == ["x"])
    }
}
