import Foundation
import ListDiffClient
import ListDiffRedis
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

/// Writes the server could not finish (its Redis store gone for a moment): retried with
/// `If-Match`, which makes a repeat safe, and never without.
@Suite(.ownThreads) struct ClientWriteRetryTests {
    @Test func aWriteWithIfMatchIsRetriedUntilTheStoreIsBackAndOneWithoutIsNot() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "listdiff-retry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Durable, so that the restarted server still has the session.
        let durable = ["--appendonly", "yes", "--appendfsync", "always", "--dir", directory.path]
        guard let redis = try RedisServerProcess.startFirst(arguments: durable) else { return }
        let endpoint = redis.endpoint
        let store = StoreFactory(blocks: true) { limits, observers in
            RedisSnapshotStore(
                client: RedisConnectionPool(
                    endpoint: endpoint, size: 4, connectTimeout: 0.5, replyTimeout: 1,
                    observeRoundTrip: observers.roundTrip),
                limits: limits, differ: observers.differ, background: observers.background)
        }
        let server = try ClientTestServer(store: store)
        defer { server.stop() }
        let feed = ListDiffClient(baseURL: server.baseURL).session("retried").snapshot("feed")
        let first = try await feed.put(Self.flat(["a"]))
        redis.stop()

        await #expect(throws: ListDiffClientError.self, "without If-Match, the 503 comes back") {
            try await feed.put(Self.flat(["a", "b"]))
        }
        // Counted by the server, not timed: the call has returned, so every attempt it made has
        // been answered; exactly one reached the server.
        #expect(try await Self.answeredUnavailable(by: server) == 1, "a write without If-Match is never retried")

        async let retried = feed.put(Self.flat(["a", "c"]), ifMatch: first.to)
        try await Task.sleep(for: .milliseconds(300))
        let restarted = try RedisServerProcess(binary: redis.binary, port: redis.port, arguments: durable)
        let answer = try await retried
        #expect(answer.from == first.to, "the retried write built on the version it matched")
        #expect(try await feed.get().snapshot.sections.flatMap { $0.items.map(\.id.string) } == ["a", "c"])
        restarted.stop()
    }

    /// The PUTs `server` answered 503, once every event loop has published its counts (each
    /// does once a second) after the first was seen.
    static func answeredUnavailable(by server: ClientTestServer) async throws -> Int {
        func count() -> Int {
            server.server.statistics().requests.counts.filter { $0.key.method == "PUT" && $0.key.status == 503 }
                .values.reduce(0, +)
        }
        for _ in 0..<100 where count() == 0 { try await Task.sleep(for: .milliseconds(100)) }
        try await Task.sleep(for: .milliseconds(2_500))
        return count()
    }

    static func flat(_ ids: [String]) throws -> WireSnapshotDocument {
        try SnapshotBuilder(items: ids.map { WireID($0) }).document
    }
}
