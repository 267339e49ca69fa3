import Foundation
import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

/// What every ``SnapshotStore`` must do, run against each implementation in
/// ``StoreUnderTest/all``: versions, conditional writes, changes and resets, history pruning,
/// waits answered by a write, a deadline or a delete, concurrent writers, deletes, sessions
/// and item limits. Limits only one store enforces (the memory store's byte budget and LRU
/// eviction) are tested with that store (`StoreBudgetTests`, `ByteLedgerTests`).
@Suite(.ownThreads) struct SnapshotStoreConformanceTests {
    static let feed = SnapshotAddress(owner: 0, session: "s", snapshot: "feed")

    @Test(arguments: StoreUnderTest.all)
    func versionsCountUpAndAnEqualWriteMakesNone(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let first = try store.put(["a", "b"], at: Self.feed)
        #expect(first.created && first.from.number == 0 && first.from.epoch == first.head.version.epoch)
        #expect(first.diff.map { $0.batch.counts.itemInserts } == 2)
        let second = try store.put(["b", "a", "c"], at: Self.feed)
        #expect(
            !second.created && second.from == first.head.version
                && second.head.version.number > first.head.version.number)
        let same = try store.put(["b", "a", "c"], at: Self.feed)
        #expect(same.diff == nil && same.head == second.head, "an equal write makes no version")
        let read = try store.read(Self.feed)
        #expect(
            read.head == second.head && StoreInput.ids(read.snapshot()) == ["b", "a", "c"] && read.numberOfItems == 3)
        #expect(read.head.digest == SnapshotDigest.digest(of: read.snapshot()))
        // A number is never issued twice, not even to a snapshot deleted and written again.
        try store.deleteSnapshot(Self.feed)
        let again = try store.put(["a"], at: Self.feed)
        #expect(again.created && again.head.version.number > second.head.version.number)
    }

    /// Kinds are stored with their items: read back, diffed from an older version (a kind
    /// change is a reload), and in the digest.
    @Test(arguments: StoreUnderTest.all)
    func kindsAreStoredWithTheirItems(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let first = try store.write(
            try WireDecoder.snapshot(
                Array(#"[{"id": "a", "kind": "photo"}, {"id": "b", "content": 1, "kind": "text"}, "c"]"#.utf8)
            ).snapshot,
            isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        let second = try store.write(
            try WireDecoder.snapshot(
                Array(#"[{"id": "a", "kind": "video"}, {"id": "b", "content": 1, "kind": "text"}, "c", "d"]"#.utf8)
            ).snapshot,
            isFlat: true, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        #expect(second.diff?.batch.updates.itemReloads == [ItemPath(section: 0, item: 0)])
        let read = try store.read(Self.feed)
        #expect(read.snapshot().sections[0].items.map { $0.content?.kind } == ["video", "text", nil, nil])
        #expect(read.head.digest == SnapshotDigest.digest(of: read.snapshot()))
        guard
            case .changes(_, _, let diff) = try store.changes(
                at: Self.feed, since: first.head.version, options: DiffOptions())
        else {
            Issue.record("changes since the first version were a reset")
            return
        }
        #expect(diff?.batch.updates.itemReloads == [ItemPath(section: 0, item: 0)], "the older version kept its kinds")
    }

    /// Preconditions in versions (the service's `If-Match` and `If-None-Match`): a refusal
    /// names the version found (`<epoch>.0` when none) and changes nothing.
    @Test(arguments: StoreUnderTest.all)
    func conditionalWritesRefuseWithTheCurrentVersion(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        #expect {
            try store.put(["a"], at: Self.feed, conditions: WritePrecondition(currentIsOneOf: .anyWritten))
        } throws: { error in
            guard case .versionMismatch(let current) = error as? StoreError else { return false }
            return current.number == 0 && current.digest == nil
        }
        #expect(throws: StoreError.sessionNotFound("s"), "a refused first write leaves no session behind") {
            try store.listSnapshots(owner: 0, session: "s")
        }
        let created = try store.put(["a"], at: Self.feed, conditions: WritePrecondition(currentIsNoneOf: .anyWritten))
        let current = created.head.version
        let stale = SnapshotVersion.unwritten(epoch: current.epoch)
        let refusals: [WritePrecondition] = [
            WritePrecondition(currentIsOneOf: .listed([stale])),
            // What `If-Match` with only a weak tag becomes: a list naming no version.
            WritePrecondition(currentIsOneOf: .listed([])),
            WritePrecondition(currentIsNoneOf: .anyWritten), WritePrecondition(currentIsNoneOf: .listed([current])),
            WritePrecondition(currentIsOneOf: .listed([current]), currentIsNoneOf: .listed([current]))
        ]
        for precondition in refusals {
            #expect(throws: StoreError.versionMismatch(current: current)) {
                try store.put(["b"], at: Self.feed, conditions: precondition)
            }
        }
        #expect(try store.read(Self.feed).head.version == current, "nothing written by a refusal")
        let matched = try store.put(
            ["b"], at: Self.feed,
            conditions: WritePrecondition(currentIsOneOf: .listed([stale, current]), currentIsNoneOf: .listed([stale])))
        #expect(matched.from == current)
    }

    @Test(arguments: StoreUnderTest.all)
    func changesRebuildKeptVersionsAndResetOtherwise(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits(versionsKept: 3))
        let versions = try (0..<5).map { round in
            try store.put((0...round).map { "i\($0)" }, at: Self.feed).head.version
        }
        // Kept: the current version and two before it.
        for (index, version) in versions.enumerated() {
            let changes = try store.changes(at: Self.feed, since: version, options: DiffOptions())
            switch changes {
            case .changes(let from, let to, let diff):
                #expect(index >= 2, "version \(index) should have been pruned")
                #expect(from == version && to.version == versions[4])
                let current = StoreInput.ids(try store.read(Self.feed).snapshot())
                #expect((diff.map { StoreInput.ids($0.old) } ?? current) == (0...index).map { "i\($0)" })
                #expect(diff.map { StoreInput.ids($0.new) } ?? [] == (index == 4 ? [] : (0...4).map { "i\($0)" }))
            case .reset(let stored):
                #expect(index < 2, "version \(index) is kept")
                #expect(stored.head.version == versions[4] && stored.numberOfItems == 5)
            }
        }
        for unknown in [
            SnapshotVersion(epoch: "another", number: versions[4].number, snapshotDigest: nil),
            SnapshotVersion(epoch: versions[4].epoch, number: versions[4].number + 1, snapshotDigest: nil)
        ] {
            guard case .reset = try store.changes(at: Self.feed, since: unknown, options: DiffOptions()) else {
                Issue.record("\(unknown.text) is from another epoch or the future: a reset")
                continue
            }
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func aWaitIsAnsweredByTheNextWrite(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let first = try store.put(["a"], at: Self.feed).head.version
        let answers = Answers()
        let staleAnswers = Answers()
        _ = store.nextChanges(
            at: Self.feed, since: SnapshotVersion.unwritten(epoch: first.epoch), options: DiffOptions()
        ) { staleAnswers.add($0) }
        // Not current, so not kept waiting: answered with what changed since (from nothing
        // written: a reset), once.
        let stale = staleAnswers.waitFor(1)
        guard case .success(.reset(let staleTo))? = stale.first else {
            Issue.record("a wait since a version that is not current is answered at once, got \(stale)")
            return
        }
        #expect(staleTo.head.version == first)
        let wait = store.nextChanges(at: Self.feed, since: first, options: DiffOptions(contentUpdates: .reload)) {
            answers.add($0)
        }
        let second = try store.put(["a", "b"], at: Self.feed).head
        let answer = try #require(answers.waitFor(1).first)
        guard case .success(.changes(let from, let to, let diff?)) = answer else {
            Issue.record("expected the write's changes, got \(answer)")
            return
        }
        #expect(from == first && to == second && diff.options.contentUpdates == .reload)
        #expect(StoreInput.ids(diff.new) == ["a", "b"])
        wait.cancel()
        _ = try store.put(["a", "b", "c"], at: Self.feed)
        #expect(answers.waitFor(2, within: 0.3).count == 1, "answered once")
        #expect(staleAnswers.waitFor(2, within: 0.1).count == 1, "the stale wait answered once")
    }

    @Test(arguments: StoreUnderTest.all)
    func aWaitCancelledAtItsDeadlineIsNeverAnswered(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let first = try store.put(["a"], at: Self.feed).head.version
        let answers = Answers()
        let wait = store.nextChanges(at: Self.feed, since: first, options: DiffOptions()) { answers.add($0) }
        // The deadline: the caller stops waiting and asks what changed (nothing).
        wait.cancel()
        guard case .changes(_, let to, nil) = try store.changes(at: Self.feed, since: first, options: DiffOptions())
        else {
            Issue.record("nothing changed by the deadline")
            return
        }
        #expect(to.version == first)
        _ = try store.put(["b"], at: Self.feed)
        #expect(answers.waitFor(1, within: 0.3).isEmpty)
    }

    @Test(arguments: StoreUnderTest.all)
    func deletesEndWaitsAndLeaveNothing(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let other = SnapshotAddress(owner: 0, session: "s", snapshot: "other")
        let version = try store.put(["a"], at: Self.feed).head.version
        let otherVersion = try store.put(["x"], at: other).head.version
        let answers = Answers()
        _ = store.nextChanges(at: Self.feed, since: version, options: DiffOptions()) { answers.add($0) }
        try store.deleteSnapshot(Self.feed)
        #expect(answers.waitFor(1).compactMap(\.error) == [.gone(.snapshotDeleted)])
        #expect(throws: StoreError.notFound(Self.feed, neverWritten: false)) { try store.read(Self.feed) }
        #expect(throws: StoreError.notFound(Self.feed, neverWritten: false)) { try store.deleteSnapshot(Self.feed) }
        #expect(try store.listSnapshots(owner: 0, session: "s").snapshots.map(\.name) == ["other"])
        _ = store.nextChanges(at: other, since: otherVersion, options: DiffOptions()) { answers.add($0) }
        try store.deleteSession(owner: 0, session: "s")
        #expect(answers.waitFor(2).compactMap(\.error) == [.gone(.snapshotDeleted), .gone(.sessionDeleted)])
        #expect(throws: StoreError.sessionNotFound("s")) { try store.read(other) }
        #expect(throws: StoreError.sessionNotFound("s")) { try store.deleteSession(owner: 0, session: "s") }
    }

    @Test(arguments: StoreUnderTest.all)
    func sessionsAreNamedOnceAndSeenOnlyByTheirOwner(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let made = try store.createSession(owner: 1, name: nil)
        let another = try store.createSession(owner: 1, name: nil)
        #expect(made.count == 32 && made != another)
        #expect(try store.createSession(owner: 1, name: "named") == "named")
        #expect(throws: StoreError.sessionExists("named")) { try store.createSession(owner: 1, name: "named") }
        #expect(try store.createSession(owner: 2, name: "named") == "named", "another owner's namespace")
        try store.put(["a"], at: SnapshotAddress(owner: 1, session: "named", snapshot: "x"))
        #expect(try store.listSnapshots(owner: 1, session: "named").snapshots.count == 1)
        #expect(try store.listSnapshots(owner: 2, session: "named").snapshots.isEmpty)
        #expect(throws: StoreError.sessionNotFound(made)) { try store.listSnapshots(owner: 2, session: made) }
    }

    @Test(arguments: StoreUnderTest.all)
    func limitsRefuseWithNothingChanged(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits(maxItems: 3, maxSnapshots: 1, maxWork: 8))
        #expect(throws: StoreError.tooManyItems(4, limit: 3, pointer: "")) {
            try store.put(["a", "b", "c", "d"], at: Self.feed)
        }
        #expect(throws: StoreError.sessionNotFound("s")) { try store.read(Self.feed) }
        let version = try store.put(["a", "b"], at: Self.feed).head.version
        #expect(throws: StoreError.tooManySnapshots(session: "s", limit: 1)) {
            try store.put(["x"], at: SnapshotAddress(owner: 0, session: "s", snapshot: "second"))
        }
        let append = try StoreInput.operations(#"{"operations": [{"op": "appendItems", "items": ["c", "d"]}]}"#)
        #expect(throws: StoreError.tooManyItems(4, limit: 3, pointer: "/operations")) {
            try store.apply(append, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        }
        let many = try StoreInput.operations(
            #"{"operations": [{"op": "moveItem", "item": "a", "after": "b"}, {"op": "moveItem", "item": "b", "after": "a"}, {"op": "moveItem", "item": "a", "after": "b"}]}"#
        )
        #expect(throws: StoreError.tooMuchWork(operations: 3, items: 2, limit: 8)) {
            try store.apply(many, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        }
        let failing = try StoreInput.operations(
            #"{"operations": [{"op": "deleteItems", "items": ["a"]}, {"op": "deleteItems", "items": ["a"]}]}"#)
        #expect(throws: StoreError.self) {
            try store.apply(failing, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        }
        let sectioned = try StoreInput.operations(
            #"{"operations": [{"op": "appendSections", "sections": [{"id": "t"}]}]}"#)
        #expect(throws: StoreError.formMismatch(storedIsFlat: true, operationIndex: 0)) {
            try store.apply(sectioned, at: Self.feed, conditions: .unconditional, options: DiffOptions())
        }
        #expect(throws: StoreError.formMismatch(storedIsFlat: true, operationIndex: nil)) {
            try store.write(
                StoreInput.sectioned(#"{"sections": [{"id": "t", "items": ["a"]}]}"#), isFlat: false, at: Self.feed,
                conditions: .unconditional, options: DiffOptions())
        }
        let read = try store.read(Self.feed)
        #expect(
            read.head.version == version && StoreInput.ids(read.snapshot()) == ["a", "b"],
            "every refusal left the snapshot as it was")
    }

    /// Reads are uses: a session read keeps living past its idle time; one left alone expires
    /// whole, and its name is free again (a new epoch when written). The memory store's time is
    /// moved by hand; Redis's passes (its TTLs count whole seconds).
    @Test(arguments: StoreUnderTest.all)
    func sessionsExpireOnlyWhenUnused(_ subject: StoreUnderTest) throws {
        let clock = ManualStoreClock()
        let pass = { (seconds: Double) in
            if subject.agesByClock { clock.advance(seconds: seconds) } else { usleep(UInt32(seconds * 1e6)) }
        }
        let store = try subject.make(StoreUnderTest.limits(idleSeconds: 2), clock: clock.storeClock)
        let (used, unused) = (Self.feed, SnapshotAddress(owner: 0, session: "unused", snapshot: "feed"))
        let version = try store.put(["a"], at: used).head.version
        try store.put(["a"], at: unused)
        for _ in 0..<9 {
            #expect(try store.read(used).head.version == version, "a session read every 0.4 s is kept")
            pass(0.4)
        }
        #expect(throws: StoreError.sessionNotFound("unused")) { try store.read(unused) }
        pass(2.6)
        #expect(throws: StoreError.sessionNotFound("s")) { try store.listSnapshots(owner: 0, session: "s") }
        #expect(
            try store.put(["a"], at: used).head.version != version,
            "an expired session comes back new: no version reused")
        guard case .reset = try store.changes(at: used, since: version, options: DiffOptions()) else {
            Issue.record("\(subject.name): changes since a version of the expired session were not a reset")
            return
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func concurrentWritersLoseNoWrite(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits(maxItems: 10_000))
        try store.put((0..<2_000).map { "base\($0)" }, at: Self.feed)
        let writers = 8
        let rounds = 25
        let refused = Answers()
        runOnThreads(writers) { writer in Self.write(rounds: rounds, as: writer, to: store, refused: refused) }
        let ids = StoreInput.ids(try store.read(Self.feed).snapshot())
        #expect(ids.count == 2_000 + writers * rounds && Set(ids).count == ids.count, "every write landed once")
        print(
            "concurrent writers (\(subject.name)): \(writers) threads × \(rounds) writes, \(refused.all.count) conditional ones refused as stale and retried"
        )
    }

    /// Half the writers append with an operation, half read, add and write back with If-Match.
    static func write(rounds: Int, as writer: Int, to store: any SnapshotStore, refused: Answers) {
        for round in 0..<rounds {
            do {
                if writer % 2 == 0 {
                    // Operations apply to whatever is current: each lands exactly once.
                    let append = try StoreInput.operations(
                        #"{"operations": [{"op": "appendItems", "items": ["w\#(writer)r\#(round)"]}]}"#)
                    _ = try store.apply(append, at: Self.feed, conditions: .unconditional, options: DiffOptions())
                    continue
                }
                // Read-modify-write with If-Match, retrying when another write came between.
                while true {
                    let current = try store.read(Self.feed)
                    let matching = WritePrecondition(currentIsOneOf: .listed([current.head.version]))
                    do {
                        try store.put(
                            StoreInput.ids(current.snapshot()) + ["w\(writer)r\(round)"], at: Self.feed,
                            conditions: matching)
                        break
                    } catch StoreError.versionMismatch(let newer) {
                        refused.add(.failure(.versionMismatch(current: newer)))
                    }
                }
            } catch {
                Issue.record("writer \(writer): \(error)")
                return
            }
        }
    }
}
