import ListDiffStore

/// The value of `If-Match` or `If-None-Match` (RFC 9110 §13.1.1–2): `*`, or a list of entity
/// tags, parsed from the request's fields (`WriteConditions+Request.swift`).
enum EntityTagList: Equatable, Sendable {
    /// `*`: any current version.
    case any
    case tags([EntityTag])

    /// One `[W/]"opaque"` entity tag.
    struct EntityTag: Equatable, Sendable {
        var isWeak: Bool
        /// What is between the quotes, compared octet by octet.
        var opaque: Substring
    }

    /// Whether `version` matches with the strong comparison (`If-Match`): a strong tag with
    /// exactly its text; `*` when the snapshot exists.
    func matchesStrongly(_ version: SnapshotVersion, exists: Bool) -> Bool {
        guard exists else { return false }
        switch self {
        case .any: return true
        case .tags(let tags): return tags.contains { !$0.isWeak && $0.opaque == version.text }
        }
    }

    /// Whether `version` matches with the weak comparison (`If-None-Match`): any tag, weak or
    /// not, with exactly its text; `*` when the snapshot exists.
    func matchesWeakly(_ version: SnapshotVersion, exists: Bool) -> Bool {
        guard exists else { return false }
        switch self {
        case .any: return true
        case .tags(let tags): return tags.contains { $0.opaque == version.text }
        }
    }

    /// The versions a comparison can match, for the store: `*` is any written version; a tag
    /// is the version whose text it is, octet for octet (one that is no version's text, and a
    /// weak tag when `strong`, match none). O(tags).
    func versions(strong: Bool) -> WritePrecondition.Versions {
        switch self {
        case .any: return .anyWritten
        case .tags(let tags):
            return .listed(
                tags.compactMap { tag in
                    guard !(strong && tag.isWeak), let version = SnapshotVersion(parsing: String(tag.opaque)),
                        version.text == tag.opaque
                    else { return nil }
                    return version
                })
        }
    }
}
