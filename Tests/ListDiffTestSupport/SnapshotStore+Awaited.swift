import Foundation
import ListDiff
import ListDiffStore
import ListDiffWire

/// A store's calls made and their answers waited for, so that a test reads as straight-line
/// code whichever thread the store answers on: each returns (or throws) what the store
/// answered, or ``StoreError/unavailable(_:outcomeUnknown:)`` after ``awaitedCallSeconds``
/// without one.
extension SnapshotStore {
    public func createSession(owner: Int, name: String?) throws(StoreError) -> String {
        try awaited { createSession(owner: owner, name: name, $0) }
    }

    public func listSnapshots(owner: Int, session: String) throws(StoreError) -> WireSessionListing {
        try awaited { listSnapshots(owner: owner, session: session, $0) }
    }

    public func deleteSession(owner: Int, session: String) throws(StoreError) {
        try awaited { deleteSession(owner: owner, session: session, $0) }
    }

    public func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions
    ) throws(StoreError) -> WriteResult {
        try awaited { write(snapshot, isFlat: isFlat, at: address, conditions: conditions, options: options, $0) }
    }

    public func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition, options: DiffOptions
    ) throws(StoreError) -> WriteResult {
        try awaited { apply(operations, at: address, conditions: conditions, options: options, $0) }
    }

    public func read(_ address: SnapshotAddress) throws(StoreError) -> StoredVersion {
        try awaited { read(address, $0) }
    }

    public func changes(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions) throws(StoreError)
        -> SnapshotChanges
    {
        try awaited { changes(at: address, since: since, options: options, $0) }
    }

    public func deleteSnapshot(_ address: SnapshotAddress) throws(StoreError) {
        try awaited { deleteSnapshot(address, $0) }
    }
}

/// Seconds a test waits for a store's answer before it counts the store as not answering.
public let awaitedCallSeconds = 60.0

/// Makes `call` and waits for its answer: ``SnapshotStore``'s calls as plain throwing ones.
public func awaited<Value>(_ call: (@escaping StoreAnswer<Value>) -> Void) throws(StoreError) -> Value {
    let answered = DispatchSemaphore(value: 0)
    let box = AwaitedAnswer<Value>()
    call { result in
        box.set(result)
        answered.signal()
    }
    guard answered.wait(timeout: .now() + awaitedCallSeconds) == .success, let result = box.result else {
        throw .unavailable("the store gave no answer in \(awaitedCallSeconds) s", outcomeUnknown: true)
    }
    return try result.get()
}

/// Where a store's answer waits for the test thread.
private final class AwaitedAnswer<Value>: @unchecked Sendable {
    // Sendable argument: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored: Result<Value, StoreError>?

    func set(_ result: Result<Value, StoreError>) { lock.withLock { stored = result } }
    var result: Result<Value, StoreError>? { lock.withLock { stored } }
}
