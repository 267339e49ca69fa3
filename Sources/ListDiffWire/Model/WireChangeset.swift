import ListDiff

/// A changeset as the service answers it: the batch form for UIKit/AppKit, or the sequential
/// form for Android and web lists.
public enum WireChangeset: Sendable {
    case batch(WireBatchDocument)
    case sequential(SequentialChangeset)

    /// The batch changeset, or nil for the sequential form. O(1).
    public var batch: WireBatchDocument? {
        if case .batch(let document) = self { return document }
        return nil
    }

    /// The sequential changeset, or nil for the batch form. O(1).
    public var sequential: SequentialChangeset? {
        if case .sequential(let changeset) = self { return changeset }
        return nil
    }

    /// True when nothing changed. O(1).
    public var isEmpty: Bool {
        switch self {
        case .batch(let document): document.changeset.isEmpty
        case .sequential(let changeset): changeset.operations.isEmpty
        }
    }
}
