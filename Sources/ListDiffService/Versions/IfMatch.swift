import ListDiffHTTP

/// The `If-Match` precondition of a write: `*`, or one or more entity tags.
enum IfMatch {
    /// Whether `header` (absent: no precondition) allows a write over `current`. `*` matches a
    /// snapshot that exists (version > 0).
    static func allows(_ header: String?, current: SnapshotVersion) -> Bool {
        guard let header else { return true }
        let tags = header.split(separator: ",").map { $0.trimmingSpaces }
        if tags.contains("*") { return current.number > 0 }
        return tags.contains { SnapshotVersion(parsing: String($0)) == current }
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
