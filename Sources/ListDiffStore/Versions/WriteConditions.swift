/// The preconditions of a write (RFC 9110 §13.2.2): `If-Match` first, then `If-None-Match`;
/// either failing refuses the write with ``StoreError/versionMismatch(current:_:)``.
/// `If-None-Match: *` makes a write create-only.
public struct WriteConditions: Sendable, Equatable {
    public var ifMatch: EntityTagList?
    public var ifNoneMatch: EntityTagList?

    public init(ifMatch: EntityTagList? = nil, ifNoneMatch: EntityTagList? = nil) {
        self.ifMatch = ifMatch
        self.ifNoneMatch = ifNoneMatch
    }

    /// Nothing if a write over `current` (`exists`: written at least once) may go ahead.
    public func check(current: SnapshotVersion, exists: Bool) throws(StoreError) {
        if let ifMatch, !ifMatch.matchesStrongly(current, exists: exists) {
            let reason: StoreError.PreconditionFailure =
                !exists
                ? .nothingToMatch
                : ifMatch.matchesWeakly(current, exists: exists) ? .weakTag : .notCurrent
            throw .versionMismatch(current: current, reason)
        }
        if let ifNoneMatch, ifNoneMatch.matchesWeakly(current, exists: exists) {
            throw .versionMismatch(current: current, ifNoneMatch == .any ? .exists : .current)
        }
    }
}
