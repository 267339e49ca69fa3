import Foundation
import ListDiff
import ListDiffJSON
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffRedis

/// Redis with an evicting policy may drop one key of a session alone (issue 32, finding 2: with
/// the session hash gone, a PUT answered "from E2.3 to E2.1" and later issued E2.3 again). Each
/// key kind deleted in turn: what is left never makes a number name other content, and a
/// follower of the lost content gets a reset or a 404, never a changeset from it.
@Suite(.ownThreads) struct RedisSessionKeyLossTests {
    static let feed = RedisSnapshotStoreTests.feed

    enum Lost: String, CaseIterable, Sendable {
        case session, names, snapshot, history
    }

    @Test(arguments: Lost.allCases)
    func aSessionMissingAKeyNeverReissuesAToken(_ lost: Lost) throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let pool = RedisConnectionPool(endpoint: server.endpoint, size: 2)
        let store = RedisSnapshotStore(client: pool, limits: RedisSnapshotStoreTests.limits)
        var issued: [SnapshotVersion: [String]] = [:]
        let v1 = try Self.write(["a"], to: store, issued: &issued).head.version
        let v2 = try Self.write(["a", "b"], to: store, issued: &issued).head.version
        let answers = Answers()
        _ = try store.waitForChange(at: Self.feed, since: v2, options: DiffOptions()) { answers.add($0) }
        let keys = RedisKeys(namespace: "ld", owner: 0, session: "s")
        let key = [
            Lost.session: keys.session, .names: keys.names, .snapshot: keys.snapshot("feed"),
            .history: keys.history("feed")
        ][lost]
        #expect(try pool.call(RESPCommand("DEL", key ?? "")) == .integer(1), "\(lost.rawValue) deleted")
        switch lost {
        case .session, .names:
            #expect(throws: StoreError.sessionNotFound("s"), "the session is gone") { try store.read(Self.feed) }
        case .snapshot:
            #expect(throws: StoreError.notFound(Self.feed, neverWritten: false)) { try store.read(Self.feed) }
        case .history:
            #expect(try store.read(Self.feed).head.version == v2)
        }
        let next = try Self.write(["x"], to: store, issued: &issued)
        for _ in 0..<3 { _ = try Self.write(["x", "\(issued.count)"], to: store, issued: &issued) }
        switch lost {
        case .session, .names:
            #expect(next.created && next.head.version.epoch != v2.epoch, "a new epoch: \(next.head.version.text)")
        case .snapshot:
            #expect(next.created && next.head.version.number > v2.number, "a new number")
        case .history:
            #expect(next.from == v2, "the current version is still there")
        }
        for since in [v1, v2] {
            let changes = try store.changes(at: Self.feed, since: since, options: DiffOptions())
            if case .changes(let from, _, _) = changes {
                #expect(lost == .history && from == v2, "\(lost.rawValue): a changeset from \(since.text)")
            }
        }
        for answer in answers.waitFor(1) {
            // Normally the write of `next` answers the wait; the subscriber's first connect
            // rechecks every wait, and when it takes this one first, its read may already find
            // a later write of the test: a changeset from v2 to a version written since.
            if case .success(.changes(let from, let to, _)) = answer {
                #expect(
                    lost == .history && from == v2 && to.version.epoch == next.head.version.epoch
                        && to.version.number >= next.head.version.number && issued[to.version] != nil,
                    "\(lost.rawValue): the follower of \(v2.text) got a changeset to \(to.version.text)")
            }
        }
        for (version, contents) in issued {
            #expect(Set(contents).count == 1, "\(version.text) named \(contents)")
        }
    }

    /// Writes a flat list, noting which content each token named.
    static func write(_ ids: [String], to store: RedisSnapshotStore, issued: inout [SnapshotVersion: [String]])
        throws -> WriteResult
    {
        let result = try store.write(
            RedisSnapshotStoreTests.flat(ids), isFlat: true, at: feed, conditions: .unconditional,
            options: DiffOptions())
        issued[result.head.version, default: []].append(ids.joined(separator: ","))
        return result
    }
}
