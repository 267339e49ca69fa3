/// What a write requires of the snapshot's current version, in versions: that it be one of some
/// versions, none of some, or both (the service reads them from `If-Match` and `If-None-Match`;
/// the store knows no entity tags). A write whose precondition fails changes nothing and
/// throws ``StoreError/versionMismatch(current:)`` naming the version it found — `<epoch>.0`
/// when the snapshot has none — from which the caller can tell why.
public struct WritePrecondition: Sendable, Equatable {
    /// The versions a requirement names.
    public enum Versions: Sendable, Equatable {
        /// Any version the snapshot has been written to.
        case anyWritten
        case listed([SnapshotVersion])

        /// Whether `version` (number 0: not written) is named. O(listed).
        public func contains(_ version: SnapshotVersion) -> Bool {
            guard version.number > 0 else { return false }
            switch self {
            case .anyWritten: return true
            case .listed(let versions): return versions.contains(version)
            }
        }
    }

    /// The current version must be one of these; nil: no such requirement.
    public var currentIsOneOf: Versions?
    /// The current version must be none of these (``Versions/anyWritten``: the snapshot must
    /// not exist); nil: no such requirement.
    public var currentIsNoneOf: Versions?

    public init(currentIsOneOf: Versions? = nil, currentIsNoneOf: Versions? = nil) {
        self.currentIsOneOf = currentIsOneOf
        self.currentIsNoneOf = currentIsNoneOf
    }

    /// No requirement: the write goes ahead over whatever is current.
    public static let unconditional = WritePrecondition()

    /// Whether a write over `current` may go ahead. O(versions named).
    public func holds(over current: SnapshotVersion) -> Bool {
        if let currentIsOneOf, !currentIsOneOf.contains(current) { return false }
        if let currentIsNoneOf, currentIsNoneOf.contains(current) { return false }
        return true
    }

    /// Nothing if a write over `current` may go ahead, else ``StoreError/versionMismatch(current:)``.
    public func check(current: SnapshotVersion) throws(StoreError) {
        guard holds(over: current) else { throw .versionMismatch(current: current) }
    }
}
