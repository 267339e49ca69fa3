/// A registered wait for a snapshot's next version
/// (``SnapshotStore/nextChanges(at:since:options:_:)``). Its owner cancels it when it stops
/// waiting — the deadline passed, the client left — after which no answer comes.
public final class ChangeWait: Sendable {
    private let onCancel: @Sendable () -> Void

    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Forgets the wait. Safe to call more than once, and after it was answered.
    public func cancel() { onCancel() }
}

extension ChangeWait {
    /// The wait of a call answered before it returned: nothing to cancel.
    public static let answered = ChangeWait {}
}
