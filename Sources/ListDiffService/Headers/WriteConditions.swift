import ListDiffStore

/// The preconditions of a write (RFC 9110 §13.2.2): `If-Match` first, then `If-None-Match`;
/// either failing refuses the write with 412. `If-None-Match: *` makes a write create-only.
/// The store is given them as versions (``precondition``); a refusal's reason is worked out
/// here from the version the store found (``failure(current:)``).
struct WriteConditions: Sendable, Equatable {
    var ifMatch: EntityTagList?
    var ifNoneMatch: EntityTagList?

    /// What the store checks under the snapshot's lock: `If-Match` compares strongly (a weak
    /// tag never matches), `If-None-Match` weakly.
    var precondition: WritePrecondition {
        WritePrecondition(
            currentIsOneOf: ifMatch?.versions(strong: true), currentIsNoneOf: ifNoneMatch?.versions(strong: false))
    }

    /// Why these conditions refuse a write over `current` (number 0: no snapshot), as RFC 9110
    /// orders them: `If-Match` first.
    func failure(current: SnapshotVersion) -> PreconditionFailure {
        let exists = current.number > 0
        if let ifMatch, !ifMatch.matchesStrongly(current, exists: exists) {
            if !exists { return .nothingToMatch }
            return ifMatch.matchesWeakly(current, exists: exists) ? .weakTag : .notCurrent
        }
        return ifNoneMatch == .any ? .exists : .current
    }
}
