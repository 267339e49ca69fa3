import ListDiff
import ListDiffJSON
import ListDiffStore
import ListDiffTestSupport
import Testing

/// A store that lost its last writes (a backup restored, a replica promoted before it had them)
/// issues their numbers again, with other content: versions name their content, so what a
/// client holds of the lost content is never diffed against nor written over.
extension SnapshotStoreConformanceTests {
    @Test(arguments: StoreUnderTest.all)
    func aRolledBackStoreNeverAnswersForContentItLost(_ subject: StoreUnderTest) throws {
        let rollback = try #require(subject.rollback, "every store under test can be rolled back")
        let store = try subject.make(StoreUnderTest.limits())
        try store.put(["a"], at: Self.feed)
        let restore = try rollback(store, Self.feed)
        let lost = try store.put(["a", "b"], at: Self.feed).head.version
        try restore()
        let reissued = try store.put(["x", "y"], at: Self.feed).head.version
        #expect(reissued.number == lost.number, "the rolled-back store issues the lost number again")
        #expect(reissued != lost, "with other content, so another version: \(reissued.text) vs \(lost.text)")
        #expect(throws: StoreError.self, "an If-Match of the lost version is refused") {
            try store.put(["q"], at: Self.feed, conditions: WritePrecondition(currentIsOneOf: .listed([lost])))
        }
        // A wait since the lost version is answered at once (it is not current) — by a reset,
        // never from the lost content.
        let answers = Answers()
        _ = store.nextChanges(at: Self.feed, since: lost, options: DiffOptions()) { answers.add($0) }
        let answered = answers.waitFor(1)
        #expect(answered.count == 1, "\(subject.name): a wait since the lost version is answered")
        if case .success(.changes(let from, _, _)) = answered.first {
            Issue.record("\(subject.name): a wait since the lost \(lost.text) got changes from \(from.text)")
        }
        guard case .reset(let stored) = try store.changes(at: Self.feed, since: lost, options: DiffOptions()) else {
            Issue.record("\(subject.name): changes since the lost \(lost.text) were not a reset")
            return
        }
        #expect(stored.head.version == reissued && StoreInput.ids(stored.snapshot()) == ["x", "y"])
    }

    /// Two histories that reach the same content at the same number name one version: a
    /// client holding it holds what the store holds.
    @Test(arguments: StoreUnderTest.all)
    func theSameContentAtTheSameNumberIsOneVersion(_ subject: StoreUnderTest) throws {
        let rollback = try #require(subject.rollback, "every store under test can be rolled back")
        let store = try subject.make(StoreUnderTest.limits())
        try store.put(["a"], at: Self.feed)
        let restore = try rollback(store, Self.feed)
        let first = try store.put(["a", "b"], at: Self.feed).head.version
        try restore()
        let again = try store.put(["a", "b"], at: Self.feed).head.version
        #expect(again == first)
        guard case .changes(_, let to, nil) = try store.changes(at: Self.feed, since: first, options: DiffOptions())
        else {
            Issue.record("\(subject.name): the client holding \(first.text) holds the current content")
            return
        }
        #expect(to.version == again)
    }
}
