import Foundation
@_spi(Unchecked) import ListDiff
import ListDiffClient
import ListDiffService
import ListDiffTestRun
import ListDiffWire
import Testing

/// Every client call against a real server, and every kind of failure it reports.
@Suite(.ownThreads) struct ClientEndpointTests {
    struct Card: Codable, Equatable {
        var title: String
        var score: Int
    }

    func fruit(_ ids: [WireID]) throws -> WireSnapshotDocument {
        try SnapshotBuilder(items: ids).document
    }

    @Test func diffAnswersBothFormsAndTheyApply() async throws {
        try await ClientTestServer.with { server in
            let client = ListDiffClient(baseURL: server.baseURL)
            var old = SnapshotBuilder()
            try old.appendSection("A")
            try old.appendItems(["a", "b", "c"])
            try old.appendSection("B", content: Card(title: "B", score: 1))
            try old.appendItem("d", content: Card(title: "d", score: 1))
            var new = SnapshotBuilder()
            try new.appendSection("B", content: Card(title: "B", score: 1))
            try new.appendItem("d", content: Card(title: "d", score: 2))
            try new.appendItem("a")
            try new.appendSection("A")
            try new.appendItems(["c", "e"])
            let batch = try #require(try await client.diff(old: old.document, new: new.document).batch)
            let stages = batch.changeset.stages
            let fresh = WireFreshElements(of: batch.changeset, in: new.snapshot)
            let plan = try ViewUpdatePlan(applying: batch, fresh: fresh, to: old.snapshot)
            #expect(plan.final == new.snapshot)
            try plan.verify()
            #expect(!stages.isEmpty && batch.changeset.updates.itemReconfigures.count == 1)
            let sequential = try #require(
                try await client.diff(old: old.document, new: new.document, format: .sequential, updates: .reload)
                    .sequential)
            try SequentialReplayer.replay(sequential, from: old.snapshot, to: new.snapshot)
            #expect(sequential.operations.contains { if case .reloadItems = $0 { true } else { false } })
            let flat = try #require(try await client.diff(old: try fruit(["x", "y"]), new: try fruit(["y", "x"])).batch)
            #expect(flat.changeset.counts.itemMoves == 1)
            await #expect(throws: ListDiffClientError.self) {
                try await client.diff(old: try fruit(["x"]), new: old.document)
            }
        }
    }

    @Test func sessionsAndSnapshotsRoundTrip() async throws {
        try await ClientTestServer.with { server in
            let client = ListDiffClient(baseURL: server.baseURL)
            let session = try await client.createSession()
            #expect(session.name.count == 32)
            let feed = session.snapshot("feed")
            var list = SnapshotBuilder(flat: true)
            try list.appendItem("a", content: Card(title: "A", score: 1))
            try list.appendItems(["b", "c"])
            let created = try await feed.put(list.document, includeValues: true)
            #expect(created.from.text.hasSuffix(".0") && created.to.text.contains(".1."))
            #expect(created.fresh?.items.count == 3)
            let read = try await feed.get()
            #expect(
                read.version == created.to && read.digest == created.digest && read.isFlat
                    && read.snapshot == list.snapshot)
            #expect(SnapshotDigest.digest(of: read.snapshot) == read.digest)
            #expect(try read.snapshot.item("a")?.content?.decode(as: Card.self) == Card(title: "A", score: 1))
            #expect(try await feed.get(ifNoneMatch: read.version) == nil)
            #expect(try await feed.get(ifNoneMatch: "0123456789abcdef.1")?.version == read.version)

            let applied = try await feed.apply(
                operations: [
                    .snapshot(.deleteItems(["b"])), .snapshot(.appendItems([WireSnapshot.Item("d")], toSection: nil))
                ], ifMatch: read.version)
            #expect(applied.from == read.version && applied.changeset.batch?.changeset.counts.itemInserts == 1)
            let same = try await feed.put(try fruit(["a", "c", "d"]).withContent(of: read.snapshot))
            #expect(same.isUnchanged)
            guard case .changes(let since) = try await feed.changes(since: read.version, includeValues: true) else {
                Issue.record("expected changes, not a reset")
                return
            }
            #expect(since.from == read.version && since.to == applied.to && since.fresh?.items.count == 1)
            guard case .reset(let reset) = try await feed.changes(since: "0123456789abcdef.1") else {
                Issue.record("expected a reset for another epoch's version")
                return
            }
            #expect(reset.version == applied.to && reset.snapshot.itemIdentifiers == ["a", "c", "d"])
            let waited = try await feed.changes(since: applied.to, wait: .milliseconds(200))
            guard case .changes(let nothing) = waited else { throw ListDiffClientError.invalidInput("reset") }
            #expect(nothing.isUnchanged && nothing.changeset.isEmpty)

            let listing = try await session.snapshots()
            #expect(
                listing == [
                    SnapshotSummary(name: "feed", version: applied.to, digest: applied.digest, items: 3, isFlat: true)
                ])
            try await feed.delete()
            #expect(try await session.snapshots().isEmpty)
            try await session.delete()
            await #expect(throws: ListDiffClientError.self) { try await session.snapshots() }
        }
    }

    @Test func problemsArriveTypedWithTheirDetails() async throws {
        try await ClientTestServer.with { server in
            let client = ListDiffClient(baseURL: server.baseURL)
            let feed = client.session("s1").snapshot("feed")
            let missing = await failure { _ = try await feed.get() }
            #expect(missing?.problem?.status == 404 && missing?.problem?.name == "not-found")

            let first = try await feed.put(try fruit(["a", "b"]))
            _ = try await feed.put(try fruit(["b", "a"]))
            let stale = await failure { try await feed.put(try fruit(["c"]), ifMatch: first.to) }
            #expect(stale?.problem?.status == 412)
            #expect(stale?.problem?.currentVersion?.text.contains(".2.") == true)

            let repeated = await failure {
                try await feed.apply(operations: [
                    .snapshot(.deleteItems(["a"])), .snapshot(.appendItems([WireSnapshot.Item("b")], toSection: nil))
                ])
            }
            #expect(repeated?.problem?.status == 422)
            #expect(repeated?.problem?.operationIndex == 1 && repeated?.problem?.pointer == "/operations/1")
            #expect(repeated?.problem?.duplicates == ["b"])
            let unknown = await failure { try await feed.apply(operations: [.snapshot(.moveItemAfter("zz", "a"))]) }
            #expect(unknown?.problem?.operationIndex == 0 && unknown?.problem?.duplicates == [])

            let badName = await failure { try await client.session("no/slashes").snapshot("x").put(try fruit(["a"])) }
            guard case .invalidInput(let reason) = badName else {
                Issue.record("a bad name should not be sent: \(String(describing: badName))")
                return
            }
            #expect(reason.contains("'no/slashes' is invalid"))
            #expect(try await feed.get().snapshot.itemIdentifiers == ["b", "a"])
        }
    }

    @Test func aSnapshotWithRepeatedIdentifiersListsThem() async throws {
        try await ClientTestServer.with { server in
            #expect(throws: ListDiffClientError.self) { try SnapshotBuilder(items: ["a", "a"]) }
            // Built past the builder's check, as another client might send it.
            let section = WireSnapshot.Section(
                WireID.flatSection, items: [WireSnapshot.Item("x"), WireSnapshot.Item("y"), WireSnapshot.Item("x")])
            let broken = WireSnapshotDocument(snapshot: WireSnapshot(uncheckedSections: [section]), isFlat: true)
            let error = await failure {
                try await ListDiffClient(baseURL: server.baseURL).session("s").snapshot("f").put(broken)
            }
            #expect(
                error?.problem?.status == 400 && error?.problem?.duplicates == ["x"] && error?.problem?.pointer == "/2")
        }
    }

    @Test func aWrongKeyIsUnauthorizedAndNoServerIsATransportError() async throws {
        let port = try await ClientTestServer.with(ServiceConfiguration(apiKeys: ["right-key"])) { server in
            let wrong = await failure {
                _ = try await ListDiffClient(baseURL: server.baseURL, apiKey: "wrong").createSession()
            }
            #expect(wrong?.problem?.status == 401 && wrong?.problem?.name == "unauthorized")
            let none = await failure { _ = try await ListDiffClient(baseURL: server.baseURL).createSession() }
            #expect(none?.problem?.status == 401)
            let session = try await ListDiffClient(baseURL: server.baseURL, apiKey: "right-key").createSession()
            #expect(!session.name.isEmpty)
            return server.port
        }
        let gone = await failure {
            _ = try await ListDiffClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!).createSession()
        }
        guard case .transport = gone else {
            Issue.record("expected a transport error, got \(String(describing: gone))")
            return
        }
        #expect(gone?.isTransient == true)
    }

    /// The client error `body` throws, or nil when it succeeds (or throws something else,
    /// which the test then reports).
    func failure(_ body: () async throws -> Void) async -> ListDiffClientError? {
        do {
            try await body()
            return nil
        } catch let error as ListDiffClientError {
            return error
        } catch {
            Issue.record("not a client error: \(error)")
            return nil
        }
    }
}

extension WireSnapshotDocument {
    /// The same items, with the content `source` gives each identifier.
    func withContent(of source: WireSnapshot) -> WireSnapshotDocument {
        var copy = self
        for section in copy.snapshot.sections.indices {
            for item in copy.snapshot.sections[section].items {
                try? copy.snapshot.setContent(source.item(item.id)?.content, ofItem: item.id)
            }
        }
        return copy
    }
}

extension WireSnapshot {
    /// Sections taken as they are, for sending what the builder would refuse.
    init(uncheckedSections sections: [Section]) {
        self.init(uncheckedUniqueSections: ContiguousArray(sections))
    }
}
