/// A snapshot version as the server names it, `<epoch>.<n>.<digest>` (`<epoch>.0` before the
/// first write): the epoch is the store's (a server process's in-memory store, or a session's
/// in Redis; a restart of the former, or a session made anew in the latter, has another), `n`
/// grows with every write (a snapshot's numbers need not be consecutive), and the digest (16
/// hex digits of the snapshot's ``SnapshotChange/digest``) names the content, so no token ever
/// names two contents, even after a store lost writes and issued a number again. Clients keep
/// it opaque and send it back as `since` or `If-Match`.
public struct SnapshotVersion: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Whether this version is `other` or one numbered later in the same epoch. Versions of
    /// different epochs are not ordered. O(length).
    public func isAtLeast(_ other: SnapshotVersion) -> Bool {
        guard let mine = parts, let theirs = other.parts, mine.epoch == theirs.epoch else { return self == other }
        return mine.number >= theirs.number
    }

    /// The epoch and the number: before the digest (16 hex digits after the last dot) when
    /// there is one, else the text's last two dot-separated parts (`<epoch>.0`). O(length).
    private var parts: (epoch: Substring, number: Int)? {
        var rest = Substring(text)
        if let dot = rest.lastIndex(of: "."), Self.isDigest(rest[rest.index(after: dot)...]) { rest = rest[..<dot] }
        guard let dot = rest.lastIndex(of: "."), let number = Int(rest[rest.index(after: dot)...]) else { return nil }
        return (rest[..<dot], number)
    }

    private static func isDigest(_ text: Substring) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// The entity tag of this version, as `ETag`, `If-Match` and `If-None-Match` carry it.
    public var entityTag: String { "\"\(text)\"" }

    public var description: String { text }
}
