import ListDiff
import ListDiffClient
import ListDiffTestRun
import ListDiffWire
import Testing

/// A mirror that missed the version a reload made still reloads the item: the server keeps
/// marks with their version and answers them to every follower behind it.
@Suite(.ownThreads) struct SnapshotMirrorMarksTests {
    @Test(arguments: [0, 1])
    func aMirrorBehindAReloadShowsIt(versionsAfter: Int) async throws {
        try await ClientTestServer.with { server in
            let feed = ListDiffClient(baseURL: server.baseURL).session("marks").snapshot("feed")
            var list = SnapshotBuilder()
            try list.appendSection("posts")
            try list.appendItems(["a", "b", "c"])
            try await feed.put(list.document)
            let mirror = feed.mirror()
            #expect(try await mirror.synchronize()?.reason == .initial)
            try await feed.apply(operations: [.snapshot(.reloadItems(["b"]))])
            for index in 0..<versionsAfter {
                try list.appendItems([WireID("n\(index)")])
                try await feed.put(list.document)
            }
            let update = try #require(try await mirror.synchronize(wait: .zero), "the reload is a change to show")
            #expect(update.reason == .changes)
            #expect(update.plan.updates.itemReloads == [ItemPath(section: 0, item: 1)])
            #expect(update.version == (try await feed.get()).version)
            #expect(await mirror.statistics.changesApplied == 1)
        }
    }
}
