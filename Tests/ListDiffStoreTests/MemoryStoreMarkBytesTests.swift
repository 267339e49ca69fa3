import ListDiff
import ListDiffJSON
import ListDiffStore
import ListDiffTestRun
import Testing

/// The memory store keeps each version's marks (see ``VersionMarks``), so its byte budget
/// counts them: with the current version, then with the version in the history, and gives
/// them back with the snapshot.
@Suite(.ownThreads) struct MemoryStoreMarkBytesTests {
    @Test func theMarksKeptAreCountedInTheStoresBytes() throws {
        let ids = (0..<200).map { "item-\($0)" }
        let feed = SnapshotStoreConformanceTests.feed
        func bytes(marking marked: [String]) throws -> (current: Int, history: Int) {
            let store = MemorySnapshotStore(limits: StoreUnderTest.limits())
            try store.put(ids, at: feed)
            let list = marked.map { "\"\($0)\"" }.joined(separator: ", ")
            try store.apply(#"{"op": "reloadItems", "items": [\#(list)]}"#, at: feed)
            let current = store.statistics().bytes
            try store.put(ids + ["x"], at: feed)
            let history = store.statistics().bytes
            try store.deleteSnapshot(feed)
            #expect(store.statistics().bytes == 0, "every byte counted is given back")
            return (current, history)
        }
        let (one, all) = (try bytes(marking: ["item-0"]), try bytes(marking: ids))
        print(
            "store bytes with 1 item marked: \(one.current) current, \(one.history) in the history; 200 marked: \(all.current), \(all.history)"
        )
        // 199 more marked identifiers: their text at least (an end offset each comes on top,
        // and capacities are rounded by the allocator).
        let more = ids.dropFirst().reduce(0) { $0 + $1.utf8.count }
        #expect(all.current - one.current >= more, "with the current version")
        #expect(all.history - one.history >= more, "with the version in the history")
    }
}
