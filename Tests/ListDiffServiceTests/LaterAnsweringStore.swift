import Foundation
import ListDiff
import ListDiffService
import ListDiffStore
import ListDiffWire

/// A memory store whose every answer comes later, from a thread of its own, after its call
/// has returned — as a store across the network answers — so that the service's handlers
/// take their deferred path; or, once `hang()` is called, never.
final class LaterAnsweringStore: SnapshotStore, @unchecked Sendable {
    // Sendable argument: `hung` is only touched while holding `lock`; the rest is immutable.
    let memory: MemorySnapshotStore
    private let answers = DispatchQueue(label: "later-answers")
    private let delay: Double
    private let lock = NSLock()
    private var hung = false
    /// Calls answered after they returned.
    private(set) var answeredLater = 0

    init(limits: StoreLimits, differ: SnapshotDiffer, delay: Double = 0.005) {
        memory = MemorySnapshotStore(limits: limits, differ: differ)
        self.delay = delay
    }

    /// A factory for the service: its `blocks` false, as for a store that answers through
    /// completions; `made` receives the store.
    static func factory(_ made: @escaping @Sendable (LaterAnsweringStore) -> Void) -> StoreFactory {
        StoreFactory(blocks: false) { limits, observers in
            let store = LaterAnsweringStore(limits: limits, differ: observers.differ)
            made(store)
            return store
        }
    }

    /// From now on, no call is answered.
    func hang() { lock.withLock { hung = true } }

    /// `answer`, delivered later on the store's own thread (never, once hung).
    private func later<Value: Sendable>(_ answer: @escaping StoreAnswer<Value>) -> StoreAnswer<Value> {
        { [self] result in
            let hung = lock.withLock {
                if !self.hung { answeredLater += 1 }
                return self.hung
            }
            guard !hung else { return }
            answers.asyncAfter(deadline: .now() + delay) { answer(result) }
        }
    }

    func createSession(owner: Int, name: String?, _ answer: @escaping StoreAnswer<String>) {
        memory.createSession(owner: owner, name: name, later(answer))
    }
    func listSnapshots(owner: Int, session: String, _ answer: @escaping StoreAnswer<WireSessionListing>) {
        memory.listSnapshots(owner: owner, session: session, later(answer))
    }
    func deleteSession(owner: Int, session: String, _ answer: @escaping StoreAnswer<Void>) {
        memory.deleteSession(owner: owner, session: session, later(answer))
    }
    func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions, _ answer: @escaping StoreAnswer<WriteResult>
    ) {
        memory.write(snapshot, isFlat: isFlat, at: address, conditions: conditions, options: options, later(answer))
    }
    func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions, _ answer: @escaping StoreAnswer<WriteResult>
    ) {
        memory.apply(operations, at: address, conditions: conditions, options: options, later(answer))
    }
    func read(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<StoredVersion>) {
        memory.read(address, later(answer))
    }
    func changes(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>
    ) {
        memory.changes(at: address, since: since, options: options, later(answer))
    }
    func deleteSnapshot(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<Void>) {
        memory.deleteSnapshot(address, later(answer))
    }
    func nextChanges(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>
    ) -> ChangeWait {
        memory.nextChanges(at: address, since: since, options: options, later(answer))
    }
    func statistics() -> StoreStatistics { memory.statistics() }
    var epoch: String { memory.epoch }
    var isReachable: Bool { true }
}
