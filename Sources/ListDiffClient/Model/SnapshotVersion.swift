/// A snapshot version as the server names it, `<epoch>.<n>`: the epoch is the server
/// process's (a restart or another instance has another), `n` counts the snapshot's versions.
/// Clients keep it opaque and send it back as `since` or `If-Match`.
public struct SnapshotVersion: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The entity tag of this version, as `ETag`, `If-Match` and `If-None-Match` carry it.
    public var entityTag: String { "\"\(text)\"" }

    public var description: String { text }
}
