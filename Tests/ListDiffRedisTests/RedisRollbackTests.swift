import Foundation
import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// What an instance keeps of a snapshot it wrote (``RecentSnapshots``, the next write's guess
/// of its base) may be content a rollback replaced at the same number: the write script checks
/// the base's digest as well as its number, so no operation is committed onto content it was
/// not applied to (a lost update).
@Suite(.ownThreads) struct RedisRollbackTests {
    static let feed = RedisSnapshotStoreTests.feed

    @Test func aGuessFromBeforeARollbackIsNeverBuiltOn() throws {
        guard let binary = RedisServerProcess.binaries.first else {
            print(RedisServerProcess.missingReason)
            return
        }
        let server = try RedisServerProcess.withOwnDirectory(binary: binary)
        let (cached, other) = (
            RedisSnapshotStore(
                client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: RedisSnapshotStoreTests.limits),
            RedisSnapshotStore(
                client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: RedisSnapshotStoreTests.limits)
        )
        _ = try Self.write(["a"], through: cached)
        _ = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 5).call(RESPCommand("SAVE"))
        let lost = try Self.write(["a", "b"], through: cached).head.version
        try server.killAndRestart()
        for store in [cached, other] {
            // Each pool finds its connections to the killed server dead; reads retry on new ones.
            let deadline = Date(timeIntervalSinceNow: 5)
            while Date() < deadline, (try? store.read(Self.feed)) == nil { usleep(50_000) }
        }
        let replaced = try Self.write(["x"], through: other).head.version
        #expect(replaced.number == lost.number && replaced != lost)
        let append = try WireDecoder.operations(Array(#"{"operations": [{"op": "appendItems", "items": ["c"]}]}"#.utf8))
        let appended = try cached.apply(append, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        #expect(appended.from == replaced, "built on what is stored, not on the guess")
        #expect(
            try StoreInputIDs.ids(other.read(Self.feed).snapshot()) == ["x", "c"],
            "the operation applied to the stored content")
    }

    static func write(_ ids: [String], through store: RedisSnapshotStore) throws -> WriteResult {
        try store.write(
            RedisSnapshotStoreTests.flat(ids), isFlat: true, at: feed, conditions: .unconditional,
            options: DiffOptions())
    }
}
