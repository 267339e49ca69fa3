import Foundation
import ListDiff
import ListDiffService
import ListDiffTestRun
import ListDiffWire
import Testing

@testable import ListDiffClient

/// The mirror following over the event stream of a real server: writes arrive on one
/// connection, a server that stops is resumed from the copy's version, a reset and a deletion
/// reach it as events, an expired token is renewed on reconnecting, and a server without the
/// stream route is long-polled instead.
@Suite(.ownThreads) struct SnapshotMirrorStreamTests {
    static let streaming = SnapshotMirror.Configuration(transport: .stream)

    /// Round `round`'s list: eight of eleven ids in a rotating order (inserts, deletes, moves).
    static func list(_ round: Int) throws -> WireSnapshotDocument {
        try ClientWriteRetryTests.flat((0..<8).map { "i\(($0 * 3 + round) % 11)" })
    }

    /// Writes `round`'s list, again when the answer did not come (a connection kept alive to
    /// a server that stopped).
    static func put(_ round: Int, to feed: RemoteSnapshot) async throws -> SnapshotVersion {
        for _ in 0..<20 {
            do {
                return try await feed.put(try list(round)).to
            } catch let error as ListDiffClientError where error.isTransient {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        return try await feed.put(try list(round)).to
    }

    /// Whether `mirror`'s copy reaches `version` in time.
    static func reach(_ mirror: SnapshotMirror, _ version: SnapshotVersion, within: Duration = .seconds(20)) async
        -> Bool
    {
        let end = ContinuousClock.now + within
        while ContinuousClock.now < end {
            if await mirror.copy?.version == version { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// The updates `mirror` yields until it stops, each checked against the one before.
    static func collect(_ mirror: SnapshotMirror) -> Task<[MirrorUpdate], any Error> {
        Task {
            var updates: [MirrorUpdate] = []
            for try await update in mirror.updates {
                try SnapshotMirrorTests().check(update, after: updates.last)
                updates.append(update)
            }
            return updates
        }
    }

    @Test func followsWritesOnOneStreamWithoutLongPolls() async throws {
        try await ClientTestServer.with { server in
            let feed = ListDiffClient(baseURL: server.baseURL).session("s").snapshot("feed")
            var last = try await feed.put(try Self.list(0)).to
            let mirror = feed.mirror(configuration: Self.streaming)
            await mirror.start()
            let seen = Self.collect(mirror)
            #expect(await Self.reach(mirror, last))
            for round in 1...30 {
                last = try await feed.put(try Self.list(round)).to
                // Now and then the writes wait for the mirror; otherwise they pile up (coalesced).
                if round % 10 == 0 { #expect(await Self.reach(mirror, last)) }
            }
            #expect(await Self.reach(mirror, last))
            await mirror.stop()
            let updates = try await seen.value
            let statistics = await mirror.statistics
            print("stream mirror: \(updates.count) updates for 31 versions, \(statistics)")
            #expect(updates.first?.reason == .initial)
            #expect(updates.dropFirst().allSatisfy { $0.reason == .changes })
            #expect(statistics.streamsOpened == 1 && statistics.longPolls == 0 && !statistics.fellBackToLongPolls)
            #expect(statistics.eventsApplied == updates.count && statistics.changesApplied == updates.count - 1)
            #expect(statistics.serverResets == 0 && statistics.digestMismatches == 0 && statistics.retries == 0)
            #expect(await mirror.copy?.snapshot == (try Self.list(30)).snapshot)
        }
    }

    /// The server stops (its streams get the `reconnect` farewell) and starts again on the same
    /// port with the same store: the mirror reopens from its version and gets what it missed
    /// as changes, not a reset.
    @Test func resumesFromItsVersionWhenTheServerComesBack() async throws {
        let service = ListDiffService()
        var server = try ClientTestServer(service: service)
        let port = server.port
        defer { server.stop() }
        let feed = ListDiffClient(baseURL: server.baseURL).session("s").snapshot("feed")
        var last = try await feed.put(try Self.list(0)).to
        let mirror = feed.mirror(configuration: Self.streaming)
        await mirror.start()
        let seen = Self.collect(mirror)
        last = try await feed.put(try Self.list(1)).to
        #expect(await Self.reach(mirror, last))
        server.stop()
        server = try ClientTestServer(service: service, port: port)
        for round in 2...6 { last = try await Self.put(round, to: feed) }
        #expect(await Self.reach(mirror, last))
        await mirror.stop()
        let updates = try await seen.value
        let statistics = await mirror.statistics
        #expect(updates.dropFirst().allSatisfy { $0.reason == .changes })
        #expect(statistics.serverResets == 0 && statistics.streamsOpened >= 2 && statistics.retries >= 1)
        #expect(statistics.longPolls == 0)
    }

    /// A new server process on the same port (new epoch, nothing of the old versions): the
    /// reopened stream starts with a `reset`, which the mirror adopts.
    @Test func adoptsAResetEvent() async throws {
        var server = try ClientTestServer()
        let port = server.port
        defer { server.stop() }
        let feed = ListDiffClient(baseURL: server.baseURL).session("s").snapshot("feed")
        var last = try await feed.put(try Self.list(0)).to
        let mirror = feed.mirror(configuration: Self.streaming)
        await mirror.start()
        let seen = Self.collect(mirror)
        #expect(await Self.reach(mirror, last))
        server.stop()
        server = try ClientTestServer(port: port)
        last = try await Self.put(5, to: feed)
        #expect(await Self.reach(mirror, last))
        last = try await feed.put(try Self.list(6)).to
        #expect(await Self.reach(mirror, last))
        await mirror.stop()
        let reasons = try await seen.value.map(\.reason)
        #expect(reasons == [.initial, .serverReset, .changes])
        #expect(await mirror.statistics.serverResets == 1)
    }

    @Test func aDeletedEventEndsUpdatesOrIsWaitedOut() async throws {
        try await ClientTestServer.with { server in
            let client = ListDiffClient(baseURL: server.baseURL)
            let ending = client.session("s").snapshot("ending")
            let waiting = client.session("s").snapshot("waiting")
            _ = try await ending.put(try Self.list(0))
            let first = try await waiting.put(try Self.list(0)).to
            var configuration = Self.streaming
            configuration.waitsForMissingSnapshot = false
            let ends = ending.mirror(configuration: configuration)
            let waits = waiting.mirror(configuration: Self.streaming)
            await ends.start()
            await waits.start()
            #expect(await Self.reach(waits, first))
            try await ending.delete()
            try await waiting.delete()
            await #expect {
                for try await _ in ends.updates {}
            } throws: { error in
                (error as? ListDiffClientError)?.problem?.name == "not-found"
            }
            let again = try await waiting.put(try Self.list(3)).to
            #expect(await Self.reach(waits, again))
            await waits.stop()
            #expect(await waits.statistics.retries >= 1)
        }
    }

    /// A token that expires while the stream is open ends it (a token's stream lasts as long as
    /// the token); the reconnect is answered `token-expired`, and the mirror asks the provider
    /// once more and goes on, its `updates` never seeing the 401. The second token lives long
    /// enough that the reconnect after a restart, however late on a loaded machine, needs no
    /// third.
    @Test func renewsAnExpiredTokenWhenItReconnects() async throws {
        var configuration = ServiceConfiguration(
            apiKeys: ["writer=writer-key"],
            tokens: TokenConfiguration(keys: TokenKey.list("k:hs256:\(ClientTokenTests.secret):writer") ?? []))
        configuration.tokens.leewaySeconds = 0
        let service = ListDiffService(configuration: configuration)
        var server = try ClientTestServer(service: service)
        let port = server.port
        defer { server.stop() }
        let writer = ListDiffClient(baseURL: server.baseURL, apiKey: "writer-key").session("user-1").snapshot("list")
        let calls = ClientTokenTests.Calls()
        let reader = ListDiffClient(baseURL: server.baseURL) {
            try ClientTokenTests.mint(ttl: await calls.next() == 1 ? 5 : 120)
        }
        var last = try await writer.put(try Self.list(0)).to
        let mirror = reader.session("user-1").snapshot("list").mirror(configuration: Self.streaming)
        await mirror.start()
        let seen = Self.collect(mirror)
        #expect(await Self.reach(mirror, last))
        // The token lives 5 s: past that, reconnect.
        try await Task.sleep(for: .seconds(6))
        server.stop()
        server = try ClientTestServer(service: service, port: port)
        last = try await Self.put(1, to: writer)
        #expect(await Self.reach(mirror, last))
        await mirror.stop()
        _ = try await seen.value
        #expect(await calls.count == 2)
        #expect(await mirror.statistics.serverResets == 0)
    }

    /// A server without the events route: the mirror long-polls it (`automatic`), or, told to
    /// stream only, ends `updates` with the router's 404.
    @Test func fallsBackToLongPollsWithoutTheRoute() async throws {
        let server = try ClientTestServer(service: ListDiffService(), withoutEvents: true)
        defer { server.stop() }
        let feed = ListDiffClient(baseURL: server.baseURL).session("s").snapshot("feed")
        var last = try await feed.put(try Self.list(0)).to
        let mirror = feed.mirror()
        await mirror.start()
        let seen = Self.collect(mirror)
        for round in 1...5 { last = try await feed.put(try Self.list(round)).to }
        #expect(await Self.reach(mirror, last))
        await mirror.stop()
        _ = try await seen.value
        let statistics = await mirror.statistics
        #expect(statistics.fellBackToLongPolls && statistics.streamsOpened == 0 && statistics.longPolls >= 1)

        let streamOnly = feed.mirror(configuration: Self.streaming)
        await streamOnly.start()
        await #expect {
            for try await _ in streamOnly.updates {}
        } throws: { error in
            let problem = (error as? ListDiffClientError)?.problem
            return problem?.status == 404 && problem?.type == "about:blank"
        }
    }

    /// A mirror that fell back to long polls tries the stream again
    /// `streamRetryAfterFallback` later, and follows it once the server has it (an instance
    /// upgraded in place, or the next one behind a balancer).
    @Test func triesTheStreamAgainAfterFallingBack() async throws {
        let server = try ClientTestServer(service: ListDiffService(), withoutEvents: true)
        defer { server.stop() }
        let feed = ListDiffClient(baseURL: server.baseURL).session("s").snapshot("feed")
        var last = try await feed.put(try Self.list(0)).to
        let mirror = feed.mirror(
            configuration: SnapshotMirror.Configuration(wait: .seconds(1), streamRetryAfterFallback: .milliseconds(500))
        )
        await mirror.start()
        let seen = Self.collect(mirror)
        last = try await feed.put(try Self.list(1)).to
        #expect(await Self.reach(mirror, last))
        #expect(await mirror.statistics.fellBackToLongPolls)
        #expect(await mirror.statistics.streamsOpened == 0)
        let pollsBefore = await mirror.statistics.longPolls
        server.routesWithoutEvents?.addEvents()
        // Counted in the mirror's own long polls (each waits 1 s), not in wall time: a run whose
        // tests all start at once on two cores can starve this one for longer than any retry.
        let end = ContinuousClock.now + .seconds(120)
        while await mirror.statistics.streamsOpened == 0, await mirror.statistics.longPolls < pollsBefore + 5,
            ContinuousClock.now < end
        {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(await mirror.statistics.streamsOpened >= 1, "the stream was tried again within five long polls")
        let polls = await mirror.statistics.longPolls
        for round in 2...4 { last = try await feed.put(try Self.list(round)).to }
        #expect(await Self.reach(mirror, last))
        #expect(await mirror.statistics.longPolls == polls, "followed by the stream, not by long polls")
        await mirror.stop()
        _ = try await seen.value
    }
}
