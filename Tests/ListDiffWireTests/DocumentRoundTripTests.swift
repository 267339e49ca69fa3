import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

/// Every API document the service writes is read back by the decoder the client uses, to the
/// same values: the two directions cannot drift apart.
@Suite(.ownThreads) struct DocumentRoundTripTests {
    static let seeds: [UInt64] = Array(1...40)

    func pair(_ seed: UInt64) throws -> (old: WireSnapshot, new: WireSnapshot, flat: Bool) {
        var random = WireRandom(seed: seed)
        let flat = seed % 3 == 0
        let sections = random.idPool(4)
        let items = random.idPool(25)
        return (
            random.snapshot(sectionPool: sections, itemPool: items, flat: flat).clearingMarks(),
            random.snapshot(sectionPool: sections, itemPool: items, flat: flat).clearingMarks(), flat
        )
    }

    @Test(arguments: seeds) func changesInEveryFormReadBack(seed: UInt64) throws {
        let (old, new, flat) = try pair(seed)
        let diff = try WireDiff(from: old, to: new)
        for (sequential, values) in [(false, false), (false, true), (true, false)] {
            let changeset = WireChangeset(diff, sequential: sequential)
            let bytes = written(
                WireEncoder.changes(
                    from: "e.1", to: "e.9", digest: "xxh64:0", changeset: changeset,
                    fresh: values ? changeset.freshElements(in: diff.new) : nil, rows: diff.new, flat: flat))
            let document = try WireDecoder.changes(bytes, sequential: sequential)
            #expect(document.to == "e.9" && document.digest == "xxh64:0", "seed \(seed)")
            switch document.body {
            case .changes(let from, .batch(let batch), let fresh) where !sequential:
                #expect(from == "e.1")
                #expect(batch.changeset == diff.stagedBatch.changeset, "seed \(seed)")
                #expect((fresh != nil) == values, "seed \(seed): values only when asked for")
            case .changes(_, .sequential(let operations), nil) where sequential:
                #expect(operations == diff.sequential, "seed \(seed)")
            default:
                Issue.record("seed \(seed): read back as \(document.body)")
            }
        }
        let unchanged = try WireDecoder.changes(
            written(
                WireEncoder.changes(
                    from: "e.9", to: "e.9", digest: "d", changeset: .unchanged(sequential: false), fresh: nil,
                    rows: nil, flat: flat)), sequential: false)
        guard case .changes(_, .batch(let empty), nil) = unchanged.body else {
            Issue.record("seed \(seed): nothing changed is not an empty changeset")
            return
        }
        #expect(empty.changeset == BatchChangeset())
    }

    @Test(arguments: seeds) func resetsVersionedSnapshotsAndDiffRequestsReadBack(seed: UInt64) throws {
        let (old, new, flat) = try pair(seed)
        let reset = try WireDecoder.changes(
            written(WireEncoder.reset(to: "e.4", digest: "d4", snapshot: new, flat: flat)), sequential: false)
        guard case .reset(let document) = reset.body else {
            Issue.record("seed \(seed): a reset read back as changes")
            return
        }
        #expect(
            reset.to == "e.4" && reset.digest == "d4" && document.snapshot == new && document.isFlat == flat,
            "seed \(seed)")
        let versioned = try WireDecoder.versionedSnapshot(
            written(WireEncoder.versionedSnapshot(version: "e.4", digest: "d4", snapshot: new, flat: flat)))
        #expect(
            versioned.version == "e.4" && versioned.digest == "d4" && versioned.document.snapshot == new
                && versioned.document.isFlat == flat)
        let request = try WireDecoder.diffRequest(
            written(
                WireEncoder.diffRequest(
                    old: WireSnapshotDocument(snapshot: old, isFlat: flat),
                    new: WireSnapshotDocument(snapshot: new, isFlat: flat))))
        #expect(request.old == old && request.new == new && request.isFlat == flat, "seed \(seed)")
    }

    @Test func sessionDocumentsReadBack() throws {
        #expect(try WireDecoder.createdSession(written(WireEncoder.createdSession("3f9c"))) == "3f9c")
        let listing = WireSessionListing(
            session: "s",
            snapshots: [
                .init(name: "feed", version: "e.3", digest: "xxh64:1", items: 4, isFlat: false),
                .init(name: "list", version: "e.7", digest: "xxh64:2", items: 0, isFlat: true)
            ])
        #expect(try WireDecoder.sessionListing(written(WireEncoder.sessionListing(listing))) == listing)
        #expect(
            try WireDecoder.sessionListing(
                written(WireEncoder.sessionListing(WireSessionListing(session: "empty", snapshots: [])))
            ).snapshots.isEmpty)
        #expect(throws: JSONReadError.self) { try WireDecoder.sessionListing(Array(#"{"session":"s"}"#.utf8)) }
    }
}
