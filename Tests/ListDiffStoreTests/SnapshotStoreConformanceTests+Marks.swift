import ListDiff
import ListDiffStore
import ListDiffWire
import Testing

/// Marks (reload and reconfigure marks, section reloads) are part of the version they made: a
/// follower one version or more behind gets them in its changes, a read never shows them, and
/// the union over the versions it missed follows the engine's rules (a reload wins, a mark on
/// an element gone by the current version is dropped, a marked item that also changed is one
/// update, an item inserted since is an insert).
extension SnapshotStoreConformanceTests {
    @Test(arguments: StoreUnderTest.all)
    func marksAreInTheChangesSinceEveryVersionBeforeThem(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let v1 = try store.put(["a", "b", "c", "d"], at: Self.feed).head.version
        let v2 = try store.apply(#"{"op": "reloadItems", "items": ["b"]}"#, at: Self.feed).head.version
        // The next write builds on v2 without its marks: its own diff has none.
        let appended = try store.apply(#"{"op": "appendItems", "items": ["e"]}"#, at: Self.feed)
        #expect(appended.diff?.batch.updates == ContentUpdates())
        let v3 = appended.head.version
        let v4 = try store.write(
            StoreInput.sectioned(#"{"items": ["a", "b", "c", "d", "e"], "reconfigured": ["c"]}"#), isFlat: true,
            at: Self.feed,
            conditions: .unconditional, options: DiffOptions()
        ).head.version
        let v5 = try store.put(["a", "b", "c", "d", "e", "f"], at: Self.feed).head.version
        let (b, c) = (ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2))
        #expect(try store.updates(since: v1) == ContentUpdates(itemReloads: [b], itemReconfigures: [c]))
        #expect(try store.updates(since: v2) == ContentUpdates(itemReconfigures: [c]), "v2's own mark is not after v2")
        #expect(try store.updates(since: v3) == ContentUpdates(itemReconfigures: [c]))
        #expect(try store.updates(since: v4) == ContentUpdates())
        #expect(try store.updates(since: v5) == nil, "nothing changed since the current version")
        #expect(!(try store.read(Self.feed).snapshot().hasMarks), "a read shows no marks")
    }

    @Test(arguments: StoreUnderTest.all)
    func aReloadBeatsAReconfigureAcrossVersions(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let v1 = try store.put(["a", "b", "c"], at: Self.feed).head.version
        try store.apply(#"{"op": "reconfigureItems", "items": ["a", "b"]}"#, at: Self.feed)
        try store.apply(#"{"op": "reloadItems", "items": ["b", "c"]}"#, at: Self.feed)
        try store.apply(#"{"op": "reconfigureItems", "items": ["c"]}"#, at: Self.feed)
        #expect(
            try store.updates(since: v1)
                == ContentUpdates(
                    itemReloads: [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)],
                    itemReconfigures: [ItemPath(section: 0, item: 0)]))
    }

    /// A mark on an element deleted by the current version is dropped; one the current version
    /// holds again (deleted and written back since) is kept: a follower that saw each version
    /// would have a fresh cell for it. An item the follower did not have is an insert whatever
    /// it was marked with.
    @Test(arguments: StoreUnderTest.all)
    func marksOnElementsGoneAreDroppedAndNewItemsAreInserts(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let v1 = try store.put(["a", "b", "c", "d"], at: Self.feed).head.version
        try store.apply(#"{"op": "reloadItems", "items": ["b", "d"]}"#, at: Self.feed)
        try store.apply(#"{"op": "reconfigureItems", "items": ["c"]}"#, at: Self.feed)
        let v4 = try store.apply(#"{"op": "deleteItems", "items": ["b", "d"]}"#, at: Self.feed).head.version
        #expect(try store.updates(since: v1) == ContentUpdates(itemReconfigures: [ItemPath(section: 0, item: 1)]))
        let inserted = try store.write(
            StoreInput.sectioned(#"{"items": ["a", "c", "d", "x"], "reloaded": ["x"]}"#), isFlat: true, at: Self.feed,
            conditions: .unconditional, options: DiffOptions())
        #expect(inserted.diff?.batch.updates == ContentUpdates(), "the write's own diff: d and x are inserts")
        try store.apply(#"{"op": "reconfigureItems", "items": ["x"]}"#, at: Self.feed)
        let sinceV4 = try #require(try store.changes(since: v4))
        #expect(sinceV4.batch.updates == ContentUpdates() && sinceV4.batch.counts.itemInserts == 2)
        #expect(
            try store.updates(since: v1)
                == ContentUpdates(
                    itemReloads: [ItemPath(section: 0, item: 2)], itemReconfigures: [ItemPath(section: 0, item: 1)]),
            "d is back (unmarked) and was marked since v1: a reload; b is gone; x is an insert")
    }

    /// Content changed in one version and the item marked in another is one update, of the
    /// stronger kind.
    @Test(arguments: StoreUnderTest.all)
    func aMarkedItemThatAlsoChangedIsOneUpdate(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let v1 = try store.write(
            StoreInput.sectioned(#"[{"id": "a", "content": 1}, {"id": "b", "content": 1}]"#), isFlat: true,
            at: Self.feed,
            conditions: .unconditional, options: DiffOptions()
        ).head.version
        try store.apply(#"{"op": "reloadItems", "items": ["a"]}"#, at: Self.feed)
        try store.apply(#"{"op": "reconfigureItems", "items": ["b"]}"#, at: Self.feed)
        _ = try store.write(
            StoreInput.sectioned(#"[{"id": "a", "content": 2}, {"id": "b", "content": 2}]"#), isFlat: true,
            at: Self.feed,
            conditions: .unconditional, options: DiffOptions())
        #expect(
            try store.updates(since: v1)
                == ContentUpdates(
                    itemReloads: [ItemPath(section: 0, item: 0)], itemReconfigures: [ItemPath(section: 0, item: 1)]))
        #expect(
            try store.updates(since: v1, options: DiffOptions(contentUpdates: .reload))
                == ContentUpdates(itemReloads: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)]))
    }

    @Test(arguments: StoreUnderTest.all)
    func sectionReloadsAreKeptWithTheirVersion(_ subject: StoreUnderTest) throws {
        let store = try subject.make(StoreUnderTest.limits())
        let sections = try StoreInput.sectioned(
            #"{"sections": [{"id": "A", "items": ["a"]}, {"id": "B", "items": ["b"]}, {"id": "C", "items": ["c"]}]}"#)
        let v1 = try store.write(
            sections, isFlat: false, at: Self.feed, conditions: .unconditional, options: DiffOptions()
        ).head.version
        let v2 = try store.apply(#"{"op": "reloadSections", "sections": ["A", "B"]}"#, at: Self.feed).head.version
        try store.apply(#"{"op": "deleteSections", "sections": ["A"]}"#, at: Self.feed)
        let v4 = try store.apply(#"{"op": "appendItems", "items": ["c2"], "section": "C"}"#, at: Self.feed).head.version
        #expect(try store.updates(since: v1) == ContentUpdates(sectionReloads: [0]), "B, now first; A is gone")
        #expect(try store.updates(since: v2) == ContentUpdates())
        #expect(try store.updates(since: v4) == nil)
        #expect(!(try store.read(Self.feed).snapshot().hasMarks))
    }
}

extension SnapshotStore {
    /// Applies one operation (its JSON) without conditions.
    @discardableResult
    func apply(_ operation: String, at address: SnapshotAddress) throws -> WriteResult {
        try apply(
            StoreInput.operations(#"{"operations": [\#(operation)]}"#), at: address, conditions: .unconditional,
            options: DiffOptions())
    }

    /// The diff since `version` of ``SnapshotStoreConformanceTests/feed``: nil when nothing
    /// changed; a reset is an issue.
    func changes(since version: SnapshotVersion, options: DiffOptions = DiffOptions()) throws -> WireDiff? {
        switch try changes(at: SnapshotStoreConformanceTests.feed, since: version, options: options) {
        case .changes(_, _, let diff): return diff
        case .reset:
            Issue.record("changes since \(version.text) were a reset")
            return nil
        }
    }

    /// The content updates since `version`: nil when nothing changed.
    func updates(since version: SnapshotVersion, options: DiffOptions = DiffOptions()) throws -> ContentUpdates? {
        try changes(since: version, options: options)?.batch.updates
    }
}
