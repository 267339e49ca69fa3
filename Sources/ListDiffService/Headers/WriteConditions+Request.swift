import ListDiffHTTP
import ListDiffStore

extension WriteConditions {
    /// The request's `If-Match` and `If-None-Match`; 400 if either is not `*` or a list of
    /// entity tags.
    init(_ request: HTTPRequest) throws(ServiceProblem) {
        self.init(
            ifMatch: try EntityTagList(field: "If-Match", of: request),
            ifNoneMatch: try EntityTagList(field: "If-None-Match", of: request))
    }
}

extension EntityTagList {
    /// The list the request's `name` fields make — every field of that name combined, as
    /// RFC 9110 §5.3 says repeated fields are — or nil when there are none; 400 if any element
    /// is not an entity tag (an unquoted version is refused rather than guessed at).
    init?(field name: String, of request: HTTPRequest) throws(ServiceProblem) {
        let fields = request.headers.values(for: name)
        guard !fields.isEmpty else { return nil }
        let combined = fields.joined(separator: ", ")
        guard let list = Self.parse(combined) else {
            throw ServiceProblem.invalidHeader(
                name,
                "\(name) is '\(combined.prefix(200))'; it must be * or a comma-separated list of entity tags, each a version in double quotes as ETag gives it, e.g. \"<epoch>.3.<digest>\""
            )
        }
        self = list
    }

    /// `*` or a list of `[W/]"…"`; nil if anything else. O(length).
    static func parse(_ value: String) -> EntityTagList? {
        let elements = value.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces).filter {
            !$0.isEmpty
        }
        guard !elements.isEmpty else { return nil }
        if elements.contains("*") { return elements.count == 1 ? .any : nil }
        var tags: [EntityTag] = []
        for element in elements {
            guard let tag = entityTag(element) else { return nil }
            tags.append(tag)
        }
        return .tags(tags)
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
