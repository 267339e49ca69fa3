/// The value of `If-Match` or `If-None-Match` (RFC 9110 §13.1.1–2): `*`, or a list of entity
/// tags — every field of that name combined, as §5.3 says repeated fields are — parsed
/// strictly: an unquoted version is refused rather than guessed at.
enum EntityTagList: Equatable {
    /// `*`: any current version.
    case any
    case tags([EntityTag])

    /// One `[W/]"opaque"` entity tag.
    struct EntityTag: Equatable {
        var isWeak: Bool
        /// What is between the quotes, compared octet by octet.
        var opaque: Substring
    }

    /// The list the `fields` make (nil when there are none), or nil and the reason if any
    /// element is not an entity tag. O(length).
    static func parse(_ fields: [String]) -> Result<EntityTagList?, Malformed> {
        guard !fields.isEmpty else { return .success(nil) }
        let combined = fields.joined(separator: ", ")
        let elements = combined.split(separator: ",", omittingEmptySubsequences: false)
            .map(\.trimmingSpaces).filter { !$0.isEmpty }
        guard !elements.isEmpty else { return .failure(Malformed(value: combined)) }
        if elements.contains("*") {
            return elements.count == 1 ? .success(.any) : .failure(Malformed(value: combined))
        }
        var tags: [EntityTag] = []
        for element in elements {
            guard let tag = entityTag(element) else { return .failure(Malformed(value: combined)) }
            tags.append(tag)
        }
        return .success(.tags(tags))
    }

    /// A value that is not `*` nor a list of entity tags.
    struct Malformed: Error {
        var value: String
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

    /// `"…"` or `W/"…"` with only `etagc` bytes between the quotes (no `"`, controls or
    /// spaces).
    private static func entityTag(_ text: Substring) -> EntityTag? {
        var rest = text
        let isWeak = rest.hasPrefix("W/")
        if isWeak { rest = rest.dropFirst(2) }
        guard rest.utf8.count >= 2, rest.first == "\"", rest.last == "\"" else { return nil }
        let opaque = rest.dropFirst().dropLast()
        guard opaque.utf8.allSatisfy({ $0 == 0x21 || ($0 >= 0x23 && $0 != 0x7F) }) else { return nil }
        return EntityTag(isWeak: isWeak, opaque: opaque)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
