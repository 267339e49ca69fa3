/// A snapshot version as the server names it, `<epoch>.<n>`: the epoch is the store's (a
/// server process's in-memory store, or a session's in Redis; a restart of the former, or a
/// session made anew in the latter, has another), `n` grows with every write and is never
/// issued twice within an epoch (a snapshot's numbers need not be consecutive). Clients keep
/// it opaque and send it back as `since` or `If-Match`.
public struct SnapshotVersion: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Whether this version is `other` or a later one of the same server process. Versions of
    /// different processes are not ordered. O(length).
    public func isAtLeast(_ other: SnapshotVersion) -> Bool {
        guard let mine = parts, let theirs = other.parts, mine.epoch == theirs.epoch else { return self == other }
        return mine.number >= theirs.number
    }

    private var parts: (epoch: Substring, number: Int)? {
        guard let dot = text.lastIndex(of: "."), let number = Int(text[text.index(after: dot)...]) else { return nil }
        return (text[..<dot], number)
    }

    /// The entity tag of this version, as `ETag`, `If-Match` and `If-None-Match` carry it.
    public var entityTag: String { "\"\(text)\"" }

    public var description: String { text }
}
