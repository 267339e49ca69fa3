import Foundation
import ListDiff
import ListDiffService
import ListDiffTestRun
import ListDiffWire
import Testing

import struct ListDiffStore.StoreLimits

@testable import ListDiffClient

/// The mirror against a real server: it follows concurrent writers, resets when its version
/// is pruned or from a restarted server, and catches a local copy that went wrong.
@Suite(.ownThreads) struct SnapshotMirrorTests {
    /// Steps `mirror` until it holds `version`, retrying failures as its own follower does;
    /// checks each update and returns them.
    func follow(
        _ mirror: SnapshotMirror, until version: @Sendable () async -> SnapshotVersion?,
        deadline: Duration = .seconds(30)
    ) async throws -> [MirrorUpdate] {
        var updates: [MirrorUpdate] = []
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            if let target = await version(), await mirror.copy?.version == target { return updates }
            do {
                if let update = try await mirror.synchronize(wait: .milliseconds(300)) {
                    try check(update, after: updates.last)
                    updates.append(update)
                }
            } catch let error as ListDiffClientError where error.isTransient || error.problem?.status == 404 {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        Issue.record(
            "the mirror did not reach \(String(describing: await version())) in time; it holds \(String(describing: await mirror.copy?.version))"
        )
        return updates
    }

    /// An update's plan is one UIKit accepts and starts where the previous update ended.
    func check(_ update: MirrorUpdate, after previous: MirrorUpdate?) throws {
        try update.plan.verify()
        // A changeset between two versions changes something; a reload applies none.
        #expect(update.changeset.isEmpty == (update.reason != .changes))
        if let previous {
            #expect(update.plan.previous == previous.snapshot, "the plan starts from the copy shown before")
        }
        #expect(SnapshotDigest.digest(of: update.snapshot) == update.digest)
    }

    /// The writer's versions, shared with the follower: `final` is set when a batch of writes
    /// is done, and is what the follower must reach.
    actor Written {
        var last: SnapshotVersion?
        var final: SnapshotVersion?
        func record(_ version: SnapshotVersion) { last = version }
        func begin() { final = nil }
        func end() { final = last }
    }

    @Test func followsFiftyConcurrentVersionsThroughAPruneAndARestart() async throws {
        let seed =
            TestRun.seed("LISTDIFF_MIRROR_SEED")
            ?? UInt64.random(in: 0..<1_000_000)
        print("mirror seed \(seed) (rerun with LISTDIFF_MIRROR_SEED=\(seed))")
        var lists = RandomLists(seed: seed)
        let configuration = ServiceConfiguration(store: StoreLimits(versionsKept: 4))
        var server = try ClientTestServer(configuration)
        let port = server.port
        defer { server.stop() }
        let client = ListDiffClient(baseURL: server.baseURL)
        let feed = client.session("s1").snapshot("feed")
        let written = Written()
        await written.record(try await feed.put(try lists.next()).to)
        let mirror = feed.mirror()
        var reasons: [MirrorUpdate.Reason] = []

        // 1–20: written while the mirror follows.
        let batch1 = try (0..<19).map { _ in try lists.next() }
        await written.begin()
        async let writer1: Void = write(batch1, to: feed, recording: written)
        reasons += try await follow(mirror) { await written.final }.map(\.reason)
        try await writer1

        // 21–30 while the mirror waits: its version is pruned (4 kept), so the next step is a reset.
        for _ in 0..<10 { await written.record(try await feed.put(try lists.next()).to) }
        let pruned = try await mirror.synchronize(wait: .zero)
        #expect(pruned?.reason == .serverReset)
        reasons.append(pruned?.reason ?? .initial)

        // 31–40 concurrently again.
        let batch3 = try (0..<10).map { _ in try lists.next() }
        await written.begin()
        async let writer3: Void = write(batch3, to: feed, recording: written)
        reasons += try await follow(mirror) { await written.final }.map(\.reason)
        try await writer3

        // The server restarts (same address, new process: new epoch, nothing stored) and
        // 41–50 are written to it while the mirror follows.
        server.stop()
        server = try ClientTestServer(configuration, port: port)
        let epoch = server.service.epoch
        let batch4 = try (0..<10).map { _ in try lists.next() }
        await written.begin()
        async let writer4: Void = write(batch4, to: feed, recording: written)
        reasons += try await follow(mirror) { await written.final }.map(\.reason)
        try await writer4
        #expect(await mirror.copy?.version.text.hasPrefix(epoch) == true)

        let truth = try await feed.get()
        let copy = try #require(await mirror.copy)
        #expect(copy.version == truth.version && copy.snapshot == truth.snapshot && copy.digest == truth.digest)
        let statistics = await mirror.statistics
        let afterRestart = reasons.suffix(from: reasons.lastIndex(of: .serverReset) ?? 0)
        print(
            "mirror: \(reasons.count) updates: \(statistics.changesApplied) changesets applied, \(statistics.serverResets) resets, \(statistics.retries) retries"
        )
        #expect(statistics.changesApplied > 0 && statistics.serverResets >= 2)
        #expect(statistics.digestMismatches == 0 && statistics.invalidChangesets == 0)
        #expect(!afterRestart.isEmpty)
    }

    /// Kinds travel with the mirror's copy (its digest checked), and a kind change reaches the
    /// view as a reload even though the mirror asks for reconfigures.
    @Test func aKindChangeReachesTheViewAsAReload() async throws {
        try await ClientTestServer.with { server in
            struct Post: Encodable { var text: String }
            func feed(_ kinds: [String?]) throws -> WireSnapshotDocument {
                var list = SnapshotBuilder()
                try list.appendSection("posts")
                for (index, kind) in kinds.enumerated() {
                    try list.appendItem(WireID("p\(index)"), content: Post(text: "post \(index)"), kind: kind)
                }
                return list.document
            }
            let snapshot = ListDiffClient(baseURL: server.baseURL).session("kinds").snapshot("feed")
            let first = try await snapshot.put(try feed(["text", "photo", nil])).to
            let mirror = snapshot.mirror(
                configuration: SnapshotMirror.Configuration(wait: .seconds(5), updates: .reconfigure))
            _ = try await follow(mirror, until: { first })
            let last = try await snapshot.put(try feed(["photo", "photo", "ad"])).to
            let updates = try await follow(mirror, until: { last })
            #expect(updates.map(\.reason) == [.changes])
            #expect(
                updates.last?.plan.updates
                    == ContentUpdates(itemReloads: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 2)]))
            let copy = try #require(await mirror.copy)
            #expect(copy.snapshot.sections[0].items.map { $0.content?.kind } == ["photo", "photo", "ad"])
            #expect(copy.snapshot == (try await snapshot.get()).snapshot)
        }
    }

    @Test func theUpdatesSequenceFollowsAWriter() async throws {
        try await ClientTestServer.with { server in
            var lists = RandomLists(seed: 7)
            let feed = ListDiffClient(baseURL: server.baseURL).session("s1").snapshot("feed")
            try await feed.put(try lists.next())
            let mirror = feed.mirror(configuration: SnapshotMirror.Configuration(wait: .seconds(5), updates: .reload))
            await mirror.start()
            var last: SnapshotVersion?
            for _ in 0..<20 {
                last = try await feed.put(try lists.next()).to
                try await Task.sleep(for: .milliseconds(5))
            }
            var previous: MirrorUpdate?
            var reloads = 0
            var reconfigures = 0
            for try await update in mirror.updates {
                try check(update, after: previous)
                reloads += update.plan.updates.itemReloads.count
                reconfigures += update.plan.updates.itemReconfigures.count
                previous = update
                if update.version == last { break }
            }
            await mirror.stop()
            #expect(previous?.version == last)
            #expect(await mirror.copy?.snapshot == (try await feed.get()).snapshot)
            #expect(await mirror.statistics.changesApplied > 0)
            #expect(reconfigures == 0 && reloads > 0, "reloads were asked for")
        }
    }

    @Test func theDigestCatchesACorruptedCopyAndTheSimulatorABrokenOne() async throws {
        try await ClientTestServer.with { server in
            let feed = ListDiffClient(baseURL: server.baseURL).session("s1").snapshot("feed")
            var list = SnapshotBuilder()
            try list.appendSection("A")
            try list.appendItem("a", content: RandomLists.Card(title: "a", score: 1))
            try list.appendItems(["b", "c"])
            try await feed.put(list.document)
            let mirror = feed.mirror()
            #expect(try await mirror.synchronize()?.reason == .initial)

            // Content the next change does not touch goes wrong locally: only the digest can tell.
            var corrupted = try #require(await mirror.copy).snapshot
            try corrupted.setContent(try WireContent(json: #"{"score":9,"title":"a"}"#), ofItem: "a")
            await mirror.replaceCopy(corrupted)
            try list.appendItems(["d"])
            try await feed.put(list.document)
            let caught = try await mirror.synchronize(wait: .zero)
            #expect(caught?.reason == .digestMismatch)
            #expect(await mirror.copy?.snapshot == list.snapshot)
            #expect(await mirror.statistics.digestMismatches == 1)

            // An item goes missing locally: the changeset no longer fits, and is not shown.
            var broken = try #require(await mirror.copy).snapshot
            try broken.deleteItems(["b"])
            await mirror.replaceCopy(broken)
            try list.appendItems(["e"])
            try await feed.put(list.document)
            let rejected = try await mirror.synchronize(wait: .zero)
            guard case .invalidChangeset(let reason)? = rejected?.reason else {
                Issue.record("expected an invalid changeset, got \(String(describing: rejected?.reason))")
                return
            }
            #expect(reason.contains("R"))
            #expect(rejected?.plan.isReload == true)
            #expect(await mirror.copy?.snapshot == list.snapshot)
        }
    }

    @Test func aMissingSnapshotEndsTheUpdatesWhenConfiguredTo() async throws {
        try await ClientTestServer.with { server in
            let feed = ListDiffClient(baseURL: server.baseURL).session("s1").snapshot("feed")
            let mirror = feed.mirror(configuration: SnapshotMirror.Configuration(waitsForMissingSnapshot: false))
            await mirror.start()
            do {
                for try await _ in mirror.updates {}
                Issue.record("the updates ended without the error")
            } catch let error as ListDiffClientError {
                #expect(error.problem?.status == 404)
            }
        }
    }

    func write(_ lists: [WireSnapshotDocument], to feed: RemoteSnapshot, recording written: Written) async throws {
        for list in lists {
            await written.record(try await feed.put(list).to)
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...15)))
        }
        await written.end()
    }
}
