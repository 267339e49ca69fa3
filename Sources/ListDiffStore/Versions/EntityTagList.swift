/// The value of `If-Match` or `If-None-Match` (RFC 9110 §13.1.1–2): `*`, or a list of entity
/// tags. The service parses it from the request's fields; the store compares it with the
/// current version under the snapshot's lock.
public enum EntityTagList: Equatable, Sendable {
    /// `*`: any current version.
    case any
    case tags([EntityTag])

    /// One `[W/]"opaque"` entity tag.
    public struct EntityTag: Equatable, Sendable {
        public var isWeak: Bool
        /// What is between the quotes, compared octet by octet.
        public var opaque: Substring

        public init(isWeak: Bool, opaque: Substring) {
            self.isWeak = isWeak
            self.opaque = opaque
        }
    }

    /// Whether `version` matches with the strong comparison (`If-Match`): a strong tag with
    /// exactly its text; `*` when the snapshot exists.
    public func matchesStrongly(_ version: SnapshotVersion, exists: Bool) -> Bool {
        guard exists else { return false }
        switch self {
        case .any: return true
        case .tags(let tags): return tags.contains { !$0.isWeak && $0.opaque == version.text }
        }
    }

    /// Whether `version` matches with the weak comparison (`If-None-Match`): any tag, weak or
    /// not, with exactly its text; `*` when the snapshot exists.
    public func matchesWeakly(_ version: SnapshotVersion, exists: Bool) -> Bool {
        guard exists else { return false }
        switch self {
        case .any: return true
        case .tags(let tags): return tags.contains { $0.opaque == version.text }
        }
    }
}
