import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// Marks stored with their version in Redis: seen through any instance, never read back as
/// part of the snapshot, and history entries written before marks were kept read as having none.
@Suite(.ownThreads) struct RedisMarksTests {
    static let feed = RedisSnapshotStoreTests.feed

    static func store(_ server: RedisServerProcess) -> RedisSnapshotStore {
        RedisSnapshotStore(
            client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: RedisSnapshotStoreTests.limits)
    }

    static func apply(_ operation: String, on store: RedisSnapshotStore) throws -> WriteResult {
        try store.apply(
            WireDecoder.operations(Array(#"{"operations": [\#(operation)]}"#.utf8)), at: feed,
            conditions: .unconditional, options: DiffOptions())
    }

    static func updates(since version: SnapshotVersion, on store: RedisSnapshotStore) throws -> ContentUpdates? {
        guard case .changes(_, _, let diff) = try store.changes(at: feed, since: version, options: DiffOptions()) else {
            Issue.record("changes since \(version.text) were a reset")
            return nil
        }
        return diff?.batch.updates
    }

    /// Another instance (which has no guess of its own, so reads what is stored) sees the marks
    /// in changes, not in reads, and does not carry them into the version it writes.
    @Test func marksWrittenThroughOneInstanceAreSeenThroughAnother() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let (writer, reader) = (Self.store(server), Self.store(server))
        let v1 = try writer.write(
            RedisSnapshotStoreTests.flat(["a", "b", "c"]), isFlat: true, at: Self.feed, conditions: .unconditional,
            options: DiffOptions()
        ).head.version
        _ = try Self.apply(#"{"op": "reloadItems", "items": ["b"]}"#, on: writer)
        let b = ItemPath(section: 0, item: 1)
        #expect(try Self.updates(since: v1, on: reader) == ContentUpdates(itemReloads: [b]))
        #expect(!(try reader.read(Self.feed).snapshot().hasMarks), "a read shows no marks")
        let appended = try Self.apply(#"{"op": "appendItems", "items": ["d"]}"#, on: reader)
        #expect(appended.diff?.batch.updates == ContentUpdates(), "the stored marks are not the next write's")
        #expect(
            try Self.updates(since: v1, on: writer) == ContentUpdates(itemReloads: [b]), "kept in the history entry")
    }

    /// Before marks were kept, history entries held JSON without them (and the current body had
    /// none): such entries still read, as versions without marks. Entries from before digests
    /// (`"<version> <json>"`) name no content: changes since them are a reset.
    @Test func aHistoryEntryWrittenBeforeMarksReadsAsHavingNone() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let store = Self.store(server)
        let v1 = try store.write(
            RedisSnapshotStoreTests.flat(["a", "b", "c"]), isFlat: true, at: Self.feed, conditions: .unconditional,
            options: DiffOptions()
        ).head.version
        let v2 = try Self.apply(#"{"op": "reloadItems", "items": ["b"]}"#, on: store).head.version
        let v3 = try store.write(
            RedisSnapshotStoreTests.flat(["a", "b", "c", "d"]), isFlat: true, at: Self.feed,
            conditions: .unconditional, options: DiffOptions()
        ).head.version
        #expect(try Self.updates(since: v1, on: store) == ContentUpdates(itemReloads: [ItemPath(section: 0, item: 1)]))
        // The history as the store wrote it before: each older version's JSON without marks.
        let history = RedisKeys(namespace: "ld", owner: 0, session: "s").history("feed")
        let client = RedisConnectionPool(endpoint: server.endpoint, size: 1)
        _ = try client.call(RESPCommand("DEL", history))
        let entries = [(v2, #"["a","b","c"]"#), (v1, #"["a","b","c"]"#)].map { version, json in
            "\(version.number) xxh64:\(version.digest ?? "") \(json)"
        }
        _ = try client.call(RESPCommand((["RPUSH", history] + entries).map { Array($0.utf8) }))
        for since in [v1, v2] {
            guard
                case .changes(_, let to, let diff?) = try store.changes(
                    at: Self.feed, since: since, options: DiffOptions())
            else {
                Issue.record("changes since \(since.text) from an old-format entry were not a changeset")
                continue
            }
            #expect(to.version == v3 && diff.batch.updates == ContentUpdates() && diff.batch.counts.itemInserts == 1)
        }
        _ = try client.call(RESPCommand("DEL", history))
        _ = try client.call(RESPCommand("RPUSH", history, #"\#(v2.number) ["a","b","c"]"#))
        guard case .reset = try store.changes(at: Self.feed, since: v2, options: DiffOptions()) else {
            Issue.record("changes since an entry from before digests were not a reset")
            return
        }
    }
}
