import Foundation
import ListDiff
import ListDiffService
import ListDiffTestRun
import ListDiffWire
import Testing

@testable import ListDiffClient

/// The mirror following a snapshot with an outline section: the view gets plans over the
/// visible rows, the copy is the tree (read after each change and checked against the
/// changeset's digest and rows), and changes under a collapsed folder still reach the copy.
@Suite(.ownThreads) struct SnapshotMirrorOutlineTests {
    static let tree =
        #"{"sections": [{"id": "files", "outline": true, "items": [{"id": "docs", "children": ["a.txt", {"id": "img", "children": ["x.png"]}]}, "readme"]}, {"id": "flat", "items": ["f"]}]}"#

    func checked(_ update: MirrorUpdate?, _ mirror: SnapshotMirror, _ feed: RemoteSnapshot) async throws -> MirrorUpdate
    {
        let update = try #require(update)
        try update.plan.verify()
        let server = try await feed.get()
        #expect(await mirror.copy?.snapshot == server.snapshot, "the copy is the server's tree")
        #expect(await mirror.copy?.digest == server.digest)
        #expect(update.snapshot == server.snapshot.visibleRows, "the view shows the visible rows")
        return update
    }

    @Test func theMirrorShowsRowsAndKeepsTheTree() async throws {
        try await ClientTestServer.with { server in
            let feed = ListDiffClient(baseURL: server.baseURL).session("s1").snapshot("files")
            try await feed.put(try WireDecoder.snapshot(Array(Self.tree.utf8)))
            let mirror = feed.mirror()
            let first = try await checked(try await mirror.synchronize(), mirror, feed)
            #expect(first.reason == .initial && first.plan.isReload)
            #expect(first.snapshot.sections[0].items.map(\.id.string) == ["docs", "readme"])

            try await feed.apply(operations: [.expand(["docs"])])
            let expanded = try await checked(try await mirror.synchronize(wait: .zero), mirror, feed)
            #expect(expanded.reason == .changes)
            #expect(
                expanded.plan.stages.first?.update.itemInserts == [
                    ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)
                ])
            #expect(expanded.plan.updates.itemReconfigures == [ItemPath(section: 0, item: 0)])
            #expect(
                expanded.snapshot.sections[0].items[2].content?.hasChildren == true,
                "a row keeps its disclosure from the values")

            // Under the collapsed img: a new version, no rows; the copy still follows the tree.
            try await feed.apply(operations: [
                .snapshot(.deleteItems(["x.png"])), .appendChildren([WireSnapshot.Item("y.png")], parent: "img")
            ])
            let hidden = try await checked(try await mirror.synchronize(wait: .zero), mirror, feed)
            #expect(hidden.reason == .changes && hidden.plan.isEmpty)

            try await feed.apply(operations: [.collapse(["docs"]), .snapshot(.moveItemAfter("f", "readme"))])
            let collapsed = try await checked(try await mirror.synchronize(wait: .zero), mirror, feed)
            #expect(
                collapsed.plan.stages.first?.update.itemDeletes == [
                    ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)
                ])
            let statistics = await mirror.statistics
            #expect(statistics.treesRead == 3 && statistics.changesApplied == 3 && statistics.digestMismatches == 0)
        }
    }

    /// Changes of two stages whose first stage leaves outline sections: the mirror takes each
    /// stage's rows as its data source (a parent shown as a leaf above its held-back child, a
    /// collapsed parent that has children), and its plan runs through the simulator.
    @Test func aStagedChangeAppliesThroughTheStagesRows() async throws {
        let versions = [
            #"{"sections":[{"id":"s7","outline":true,"items":[{"id":"p","expanded":true,"children":["x"]}]}]}"#,
            #"{"sections":[{"id":"s7","outline":true,"items":["p"]},{"id":"f","items":["x","y"]}]}"#,
            #"{"sections":[{"id":"f","items":[]},{"id":"s11","outline":true,"items":["x",{"id":"i12","children":["i13"]}]}]}"#
        ]
        try await ClientTestServer.with { server in
            let feed = ListDiffClient(baseURL: server.baseURL).session("s1").snapshot("stages")
            try await feed.put(try WireDecoder.snapshot(Array(versions[0].utf8)))
            let mirror = feed.mirror()
            _ = try await checked(try await mirror.synchronize(), mirror, feed)
            for version in versions.dropFirst() {
                try await feed.put(try WireDecoder.snapshot(Array(version.utf8)))
                let update = try await checked(try await mirror.synchronize(wait: .zero), mirror, feed)
                #expect(
                    update.reason == .changes && update.plan.stages.count == 2, "two stages, the first with its rows")
            }
            let statistics = await mirror.statistics
            #expect(statistics.changesApplied == 2 && statistics.digestMismatches == 0)
        }
    }
}
