import Foundation
import ListDiff
import ListDiffStore

/// The waits registered on this instance, by snapshot: a write or delete made here takes and
/// answers them.
final class LocalWaiters: @unchecked Sendable {
    // Sendable argument: `waiting` and `nextID` are only touched while holding `lock`.
    struct Waiter {
        /// The version the wait was registered since.
        var since: SnapshotVersion
        var options: DiffOptions
        var answer: @Sendable (Result<SnapshotChanges, StoreError>) -> Void
    }

    private let lock = NSLock()
    private var waiting: [SnapshotAddress: [UInt64: Waiter]] = [:]
    private var nextID: UInt64 = 0

    func add(
        _ address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        answer: @escaping @Sendable (Result<SnapshotChanges, StoreError>) -> Void
    ) -> UInt64 {
        lock.withLock {
            nextID += 1
            waiting[address, default: [:]][nextID] = Waiter(since: since, options: options, answer: answer)
            return nextID
        }
    }

    /// Removes a wait; false when it was no longer here (a write or the subscriber took it,
    /// and its answer is under way).
    @discardableResult
    func remove(_ address: SnapshotAddress, _ id: UInt64) -> Bool {
        lock.withLock {
            let removed = waiting[address]?.removeValue(forKey: id) != nil
            if waiting[address]?.isEmpty == true { waiting[address] = nil }
            return removed
        }
    }

    /// Removes and returns the waits on `address`.
    func take(_ address: SnapshotAddress) -> [Waiter] {
        lock.withLock { waiting.removeValue(forKey: address).map { Array($0.values) } ?? [] }
    }

    /// Removes and returns the waits on `address` registered since a version other than
    /// `current`: a write has answered them.
    func take(_ address: SnapshotAddress, notAt current: SnapshotVersion) -> [Waiter] {
        lock.withLock {
            guard let all = waiting[address] else { return [] }
            let answered = all.filter { $0.value.since != current }
            for id in answered.keys { waiting[address]?[id] = nil }
            if waiting[address]?.isEmpty == true { waiting[address] = nil }
            return Array(answered.values)
        }
    }

    /// Removes and returns the waits on `address` registered since `version`.
    func take(_ address: SnapshotAddress, at version: SnapshotVersion) -> [Waiter] {
        lock.withLock {
            guard let all = waiting[address] else { return [] }
            let taken = all.filter { $0.value.since == version }
            for id in taken.keys { waiting[address]?[id] = nil }
            if waiting[address]?.isEmpty == true { waiting[address] = nil }
            return Array(taken.values)
        }
    }

    /// Whether a wait on `address` since a version other than `current` is registered here.
    func hasWaits(on address: SnapshotAddress, notAt current: SnapshotVersion) -> Bool {
        lock.withLock { waiting[address]?.values.contains { $0.since != current } ?? false }
    }

    /// Whether any wait on `address` is registered here now.
    func hasWaits(on address: SnapshotAddress) -> Bool {
        lock.withLock { waiting[address] != nil }
    }

    /// Every snapshot with waits now.
    var addresses: [SnapshotAddress] { lock.withLock { Array(waiting.keys) } }

    /// Removes and returns the waits on every snapshot of a session.
    func take(owner: Int, session: String) -> [Waiter] {
        lock.withLock {
            var taken: [Waiter] = []
            for address in waiting.keys.filter({ $0.owner == owner && $0.session == session }) {
                if let waits = waiting.removeValue(forKey: address) { taken.append(contentsOf: waits.values) }
            }
            return taken
        }
    }
}
