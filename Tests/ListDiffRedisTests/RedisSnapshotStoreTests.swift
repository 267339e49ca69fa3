import Foundation
import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// What only the Redis store has: several instances over one server (the conformance suite
/// covers the interface, one instance at a time).
@Suite(.ownThreads) struct RedisSnapshotStoreTests {
    static let limits = StoreLimits(
        maxSessions: 100, maxSnapshotsPerSession: 8, maxItemsPerSnapshot: 10_000, maxOperationWork: 1_000_000,
        versionsKept: 4, maxStoreBytes: 1 << 28, maxSessionBytes: 1 << 27, sessionIdleSeconds: 3600, owners: 1)
    static let feed = SnapshotAddress(owner: 0, session: "s", snapshot: "feed")

    static func flat(_ ids: [String]) throws -> WireSnapshot {
        try WireDecoder.snapshot(Array(("[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)).snapshot
    }

    /// Two instances append to one snapshot at once, with operations (no If-Match): the
    /// script commits only on the base a writer diffed against, so a writer that lost the race
    /// diffs again and nothing is lost.
    @Test func twoInstancesWritingOneSnapshotLoseNothing() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let instances = (0..<2).map { _ in
            RedisSnapshotStore(
                client: RedisConnectionPool(endpoint: server.endpoint, size: 4, replyTimeout: 5), limits: Self.limits)
        }
        _ = try instances[0].write(
            Self.flat((0..<1_000).map { "base\($0)" }), isFlat: true, at: Self.feed, conditions: .unconditional,
            options: DiffOptions())
        let writers = 6
        let rounds = 20
        let failures = LockedCount()
        runOnThreads(writers) { writer in
            for round in 0..<rounds {
                do {
                    let append = try WireDecoder.operations(
                        Array(#"{"operations": [{"op": "appendItems", "items": ["w\#(writer)r\#(round)"]}]}"#.utf8))
                    _ = try instances[writer % 2].apply(
                        append, at: Self.feed, conditions: .unconditional, options: DiffOptions())
                } catch {
                    failures.add()
                    print("writer \(writer): \(error)")
                }
            }
        }
        let stored = try instances[1].read(Self.feed)
        let ids = stored.snapshot().sections.flatMap { $0.items.map(\.id.string) }
        #expect(failures.value == 0)
        #expect(ids.count == 1_000 + writers * rounds && Set(ids).count == ids.count, "every write landed once")
    }

    /// A wait held by one instance is answered by a write or a delete through another (the
    /// subscriber), and after the server comes back empty, by `gone`.
    @Test func aWriteThroughAnotherInstanceAnswersTheWait() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let (writer, holder) = (
            RedisSnapshotStore(client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: Self.limits),
            RedisSnapshotStore(client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: Self.limits)
        )
        let first = try writer.write(
            Self.flat(["a"]), isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions()
        ).head.version
        let answers = Answers()
        _ = try holder.waitForChange(at: Self.feed, since: first, options: DiffOptions()) { answers.add($0) }
        usleep(300_000) // the holder's subscriber connects (a write before that is found by its first check)
        let second = try writer.write(
            Self.flat(["a", "b"]), isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions()
        ).head.version
        guard case .success(.changes(let from, let to, let diff?))? = answers.waitFor(1).first else {
            Issue.record("the wait was not answered by the other instance's write")
            return
        }
        #expect(from == first && to.version == second && diff.new.numberOfItems == 2)
        _ = try holder.waitForChange(at: Self.feed, since: second, options: DiffOptions()) { answers.add($0) }
        try writer.deleteSnapshot(Self.feed)
        #expect(answers.waitFor(2).dropFirst().first?.error == .gone(.snapshotDeleted))
        // The server restarts empty: once the subscriber is back, the wait learns its session is gone.
        let third = try writer.write(
            Self.flat(["c"]), isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions()
        ).head.version
        _ = try holder.waitForChange(at: Self.feed, since: third, options: DiffOptions()) { answers.add($0) }
        server.stop()
        let restarted = try RedisServerProcess(binary: server.binary, port: server.port)
        #expect(answers.waitFor(3, within: 6).dropFirst(2).first?.error == .gone(.sessionDeleted))
        withExtendedLifetime(restarted) {}
    }

    /// A session whose keys are gone (expired, evicted, flushed) is new when next written: a new
    /// epoch, so a client holding an old version gets a reset, never a changeset.
    @Test func aSessionWhoseKeysAreGoneStartsANewEpoch() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let pool = RedisConnectionPool(endpoint: server.endpoint, size: 2)
        let store = RedisSnapshotStore(client: pool, limits: Self.limits)
        let before = try store.write(
            Self.flat(["a"]), isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions()
        ).head.version
        _ = try pool.call(RESPCommand("FLUSHALL"))
        #expect(throws: StoreError.sessionNotFound("s")) { try store.read(Self.feed) }
        let after = try store.write(
            Self.flat(["a", "b"]), isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        #expect(after.created && after.head.version.epoch != before.epoch)
        guard case .reset = try store.changes(at: Self.feed, since: before, options: DiffOptions()) else {
            Issue.record("a version of the lost session must get a reset")
            return
        }
    }

    /// A server that is down answers within the timeouts, as `unavailable`, and nothing hangs.
    @Test func aServerThatIsDownIsUnavailableAtOnce() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let store = RedisSnapshotStore(
            client: RedisConnectionPool(endpoint: server.endpoint, size: 2, connectTimeout: 0.5, replyTimeout: 0.5),
            limits: Self.limits)
        _ = try store.write(
            Self.flat(["a"]), isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        server.stop()
        let started = Date()
        for _ in 0..<3 {
            #expect {
                try store.read(Self.feed)
            } throws: { error in
                if case .unavailable(_, outcomeUnknown: false) = error as? StoreError { true } else { false }
            }
        }
        #expect(Date().timeIntervalSince(started) < 2)
    }

    /// A write through an instance builds on what it wrote last (one round trip) — a guess the
    /// script checks: after another instance wrote, the guess is stale, and neither `If-Match`
    /// with the new version, nor an operation on an item only the new version has, nor writing
    /// back the same list may be answered from it.
    @Test func aStaleGuessIsCheckedAgainstWhatIsStored() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let (first, second) = (
            RedisSnapshotStore(client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: Self.limits),
            RedisSnapshotStore(client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: Self.limits)
        )
        _ = try first.write(
            Self.flat(["a", "b"]), isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        let other = try second.write(
            Self.flat(["a", "b", "c"]), isFlat: true, at: Self.feed, conditions: .unconditional,
            options: DiffOptions()
        ).head.version
        let matching = WritePrecondition(currentIsOneOf: .listed([other]))
        let matched = try first.write(
            Self.flat(["a", "b", "c", "d"]), isFlat: true, at: Self.feed, conditions: matching, options: DiffOptions())
        #expect(
            matched.from == other && matched.diff?.counts.itemInserts == 1,
            "If-Match with the other instance's version holds")

        _ = try second.write(
            Self.flat(["a", "b", "c", "d", "e"]), isFlat: true, at: Self.feed, conditions: .unconditional,
            options: DiffOptions())
        let deleteE = try WireDecoder.operations(
            Array(#"{"operations": [{"op": "deleteItems", "items": ["e"]}]}"#.utf8))
        let deleted = try first.apply(deleteE, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        #expect(deleted.diff?.counts.itemDeletes == 1, "an operation on an item only the stored version has")

        let same = try second.write(
            Self.flat(["a", "b", "c", "d", "x"]), isFlat: true, at: Self.feed, conditions: .unconditional,
            options: DiffOptions()
        ).head.version
        let unchanged = try first.write(
            Self.flat(["a", "b", "c", "d"]), isFlat: true, at: Self.feed, conditions: .unconditional,
            options: DiffOptions())
        #expect(
            unchanged.from == same && unchanged.diff?.counts.itemDeletes == 1,
            "what looked like no change to the guess is a change to what is stored")
        #expect(try StoreInputIDs.ids(second.read(Self.feed).snapshot()) == ["a", "b", "c", "d"])
    }

    /// Every key of a session expires at one moment, however it was written (a session made
    /// empty, a second snapshot, a write within the slack that skips the full refresh).
    @Test func everyKeyOfASessionExpiresTogether() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let pool = RedisConnectionPool(endpoint: server.endpoint, size: 2)
        let store = RedisSnapshotStore(client: pool, limits: Self.limits)
        let second = SnapshotAddress(owner: 0, session: "s", snapshot: "second")
        _ = try store.createSession(owner: 0, name: "s")
        for (address, ids) in [
            (Self.feed, ["a"]), (Self.feed, ["a", "b"]), (second, ["x"]), (second, ["y"]), (Self.feed, ["b"])
        ] {
            _ = try store.write(
                Self.flat(ids), isFlat: true, at: address, conditions: .unconditional, options: DiffOptions())
        }
        let keys = RedisKeys(namespace: "ld", owner: 0, session: "s")
        let all = [
            keys.session, keys.names, keys.snapshot("feed"), keys.history("feed"), keys.snapshot("second"),
            keys.history("second")
        ]
        let expiries = try pool.send(all.map { RESPCommand("PEXPIRETIME", $0) }).map { $0.integer ?? -3 }
        #expect(expiries.allSatisfy { $0 > 0 }, "every key exists and expires: \(expiries)")
        #expect((expiries.max() ?? 0) - (expiries.min() ?? 0) < 1_000, "within a second of each other: \(expiries)")
    }
}

enum StoreInputIDs {
    static func ids(_ snapshot: WireSnapshot) -> [String] { snapshot.sections.flatMap { $0.items.map(\.id.string) } }
}

final class LockedCount: @unchecked Sendable {
    // Sendable argument: `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
