import Foundation
import ListDiffStore

/// Answers a wait received, in order (from any thread: a store shared by instances may answer
/// from the thread that learned of the change, a moment after the call that made it returned).
public final class Answers: @unchecked Sendable {
    // Sendable argument: `received` is only touched while holding `condition`.
    private let condition = NSCondition()
    private var received: [Result<SnapshotChanges, StoreError>] = []

    public init() {}

    public func add(_ answer: Result<SnapshotChanges, StoreError>) {
        condition.withLock {
            received.append(answer)
            condition.broadcast()
        }
    }

    public var all: [Result<SnapshotChanges, StoreError>] { condition.withLock { received } }

    /// The answers once there are `count` of them, or all there are after `seconds`.
    public func waitFor(_ count: Int, within seconds: Double = 3) -> [Result<SnapshotChanges, StoreError>] {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while received.count < count, condition.wait(until: deadline) {}
            return received
        }
    }
}

extension Result {
    public var error: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
