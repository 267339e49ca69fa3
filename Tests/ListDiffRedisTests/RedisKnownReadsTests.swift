import Foundation
import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// `changes` since the version this instance knows (``KnownVersions``) costs no round trip —
/// on a server that evicts nothing, in a session this instance touched less than a slack ago —
/// and follows every write through any instance, and a deletion, as a read from Redis would. A
/// read of the snapshot itself always asks Redis (a client that wrote through another instance
/// reads its own write).
@Suite(.serialized, .ownThreads) struct RedisKnownReadsTests {
    typealias T = RedisSnapshotStoreTests
    typealias C = RedisCarriedChangesTests

    static func store(_ server: RedisServerProcess, idleSeconds: Double = 3600) -> RedisSnapshotStore {
        var limits = T.limits
        limits.sessionIdleSeconds = idleSeconds
        return RedisSnapshotStore(client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: limits)
    }

    /// Round trips `store` made while `body` ran.
    static func roundTrips(of store: RedisSnapshotStore, _ body: () throws -> Void) rethrows -> Int {
        let before = store.statistics().roundTrips
        try body()
        return store.statistics().roundTrips - before
    }

    /// Waits until `store` holds `version` of the feed (its subscriber heard it).
    static func knows(_ store: RedisSnapshotStore, _ version: SnapshotVersion) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 3)
        while store.known.current(T.feed) != version, Date() < deadline { usleep(5_000) }
        return store.known.current(T.feed) == version
    }

    @Test func changesSinceAKnownVersionCostNoRoundTripAndFollowEveryWrite() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let (writer, reader) = (Self.store(server), Self.store(server))
        let first = try C.write(["a", "b"], through: writer).version
        _ = try reader.read(T.feed)
        C.listening(reader)
        _ = try reader.read(T.feed) // learned now that the subscriber listens
        var unchanged: SnapshotChanges?
        #expect(
            try Self.roundTrips(of: reader) {
                unchanged = try reader.changes(at: T.feed, since: first, options: DiffOptions())
            } == 0)
        guard case .changes(_, let to, nil)? = unchanged, to.version == first else {
            Issue.record("since the known version: \(String(describing: unchanged)), not an empty changeset")
            return
        }

        let second = try C.write(["c"], through: writer).version
        #expect(try reader.read(T.feed).head.version == second, "a read right after another instance's write")
        #expect(Self.knows(reader, second))
        #expect(
            try Self.roundTrips(of: reader) {
                _ = try reader.changes(at: T.feed, since: second, options: DiffOptions())
            } == 0)
        #expect(try reader.changes(at: T.feed, since: first, options: DiffOptions()).isChanges(to: second))

        try writer.deleteSnapshot(T.feed)
        let deadline = Date(timeIntervalSinceNow: 3)
        while reader.known.current(T.feed) != nil, Date() < deadline { usleep(5_000) }
        #expect(throws: StoreError.self) { try reader.read(T.feed) }
    }

    @Test func underAPolicyThatMayEvictChangesAskRedis() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let raw = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 5)
        _ = try raw.call(RESPCommand("CONFIG", "SET", "maxmemory-policy", "volatile-lru"))
        let (writer, reader) = (Self.store(server), Self.store(server))
        _ = try C.write(["a"], through: writer)
        _ = try reader.read(T.feed)
        C.listening(reader)
        _ = try reader.read(T.feed)
        let version = try reader.read(T.feed).head.version
        #expect(
            try Self.roundTrips(of: reader) {
                _ = try reader.changes(at: T.feed, since: version, options: DiffOptions())
            } == 1)
    }

    /// A subscriber connection that stops answering (the server stopped; as a partition or a
    /// host gone without a word would) is dropped once a `PING` goes unanswered, and with it
    /// everything the instance knew; nothing is trusted until it is subscribed again.
    @Test func aSubscriberThatHearsNothingBackForgetsWhatItKnew() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let reader = Self.store(server)
        _ = try C.write(["a"], through: reader)
        _ = try reader.read(T.feed)
        C.listening(reader)
        let version = try reader.read(T.feed).head.version
        #expect(reader.known.current(T.feed) == version)
        server.suspend()
        let deadline = Date(timeIntervalSinceNow: 6)
        while reader.known.mark() != nil, Date() < deadline { usleep(50_000) }
        #expect(reader.known.mark() == nil, "still listening to a server that stopped answering")
        #expect(reader.known.current(T.feed) == nil)
        server.resume()
        C.listening(reader)
        #expect(reader.known.mark() != nil, "subscribed again once the server answers")
    }

    @Test func changesOnceTheTouchIsDueAskRedisAndTouch() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let reader = Self.store(server, idleSeconds: 64) // a slack of 1 s
        _ = try C.write(["a"], through: reader)
        _ = try reader.read(T.feed)
        C.listening(reader)
        let version = try reader.read(T.feed).head.version
        let changes = { _ = try reader.changes(at: T.feed, since: version, options: DiffOptions()) }
        #expect(try Self.roundTrips(of: reader, changes) == 0)
        usleep(1_100_000)
        #expect(try Self.roundTrips(of: reader, changes) == 1, "the read and its touch")
        #expect(try Self.roundTrips(of: reader, changes) == 0)
    }
}

extension SnapshotChanges {
    fileprivate func isChanges(to version: SnapshotVersion) -> Bool {
        if case .changes(_, let to, _?) = self { return to.version == version }
        return false
    }
}
