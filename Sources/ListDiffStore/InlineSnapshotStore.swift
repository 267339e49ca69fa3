import ListDiff
import ListDiffWire

/// A ``SnapshotStore`` whose calls return their answer on the calling thread: the memory
/// store, which answers in microseconds, and a store that blocks its caller while it waits on
/// the network (its callers keep such calls off event loops: ``StoreFactory``'s `blocks`).
/// It writes each call once, as a plain throwing function; the completion-taking calls of
/// ``SnapshotStore`` run it and answer before they return.
public protocol InlineSnapshotStore: SnapshotStore {
    /// ``SnapshotStore/createSession(owner:name:_:)``, answered as it returns.
    func createSession(owner: Int, name: String?) throws(StoreError) -> String

    /// ``SnapshotStore/listSnapshots(owner:session:_:)``, answered as it returns.
    func listSnapshots(owner: Int, session: String) throws(StoreError) -> WireSessionListing

    /// ``SnapshotStore/deleteSession(owner:session:_:)``, answered as it returns.
    func deleteSession(owner: Int, session: String) throws(StoreError)

    /// ``SnapshotStore/write(_:isFlat:at:conditions:options:_:)``, answered as it returns.
    func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions
    ) throws(StoreError) -> WriteResult

    /// ``SnapshotStore/apply(_:at:conditions:options:_:)``, answered as it returns.
    func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition, options: DiffOptions
    ) throws(StoreError) -> WriteResult

    /// ``SnapshotStore/read(_:_:)``, answered as it returns.
    func read(_ address: SnapshotAddress) throws(StoreError) -> StoredVersion

    /// ``SnapshotStore/changes(at:since:options:_:)``, answered as it returns.
    func changes(at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions) throws(StoreError)
        -> SnapshotChanges

    /// ``SnapshotStore/deleteSnapshot(_:_:)``, answered as it returns.
    func deleteSnapshot(_ address: SnapshotAddress) throws(StoreError)

    /// Registers `answer` to be called once with the changes from `since` to the next version
    /// (as ``SnapshotStore/nextChanges(at:since:options:_:)`` answers), or with
    /// ``StoreError/gone(_:)`` when the snapshot goes first. Nil, and no registration, when
    /// `since` is not the current version; after nil, `answer` is never called.
    func waitForChange(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>
    ) throws(StoreError) -> ChangeWait?
}

extension InlineSnapshotStore {
    public func createSession(owner: Int, name: String?, _ answer: @escaping StoreAnswer<String>) {
        answer(Result { () throws(StoreError) in try createSession(owner: owner, name: name) })
    }

    public func listSnapshots(owner: Int, session: String, _ answer: @escaping StoreAnswer<WireSessionListing>) {
        answer(Result { () throws(StoreError) in try listSnapshots(owner: owner, session: session) })
    }

    public func deleteSession(owner: Int, session: String, _ answer: @escaping StoreAnswer<Void>) {
        answer(Result { () throws(StoreError) in try deleteSession(owner: owner, session: session) })
    }

    public func write(
        _ snapshot: WireSnapshot, isFlat: Bool, at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions, _ answer: @escaping StoreAnswer<WriteResult>
    ) {
        answer(
            Result { () throws(StoreError) in
                try write(snapshot, isFlat: isFlat, at: address, conditions: conditions, options: options)
            })
    }

    public func apply(
        _ operations: [WireOperation], at address: SnapshotAddress, conditions: WritePrecondition,
        options: DiffOptions, _ answer: @escaping StoreAnswer<WriteResult>
    ) {
        answer(
            Result { () throws(StoreError) in
                try apply(operations, at: address, conditions: conditions, options: options)
            })
    }

    public func read(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<StoredVersion>) {
        answer(Result { () throws(StoreError) in try read(address) })
    }

    public func changes(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>
    ) {
        answer(Result { () throws(StoreError) in try changes(at: address, since: since, options: options) })
    }

    public func deleteSnapshot(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<Void>) {
        answer(Result { () throws(StoreError) in try deleteSnapshot(address) })
    }

    public func nextChanges(
        at address: SnapshotAddress, since: SnapshotVersion, options: DiffOptions,
        _ answer: @escaping StoreAnswer<SnapshotChanges>
    ) -> ChangeWait {
        do throws(StoreError) {
            if let wait = try waitForChange(at: address, since: since, options: options, answer) { return wait }
            answer(.success(try changes(at: address, since: since, options: options)))
        } catch {
            answer(.failure(error))
        }
        return .answered
    }
}
