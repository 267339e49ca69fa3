import ListDiff

/// A changeset as the service answers it: the batch form for UIKit/AppKit, or the sequential
/// form for Android and web lists.
public enum WireChangeset: Sendable {
    case batch(WireBatchDocument)
    case sequential(SequentialChangeset)

    /// The changeset of `diff` (nil: nothing changed) in the form asked, assembled now: the
    /// engine's last step, done before a byte is written, so writers only write (and a diff's
    /// timing can cover it). O(changeset), plus each stage's snapshot when a batch has several.
    public init(_ diff: WireDiff?, sequential: Bool) {
        switch (diff, sequential) {
        case (let diff?, true):
            self = .sequential(diff.sequential)
        case (let diff?, false):
            let staged = diff.stagedBatch
            self = .batch(
                WireBatchDocument(
                    changeset: staged.changeset, intermediateSnapshots: staged.stages.dropLast().map(\.result)))
        case (nil, true):
            self = .sequential(SequentialChangeset())
        case (nil, false):
            self = .batch(WireBatchDocument(changeset: BatchChangeset(), intermediateSnapshots: []))
        }
    }

    /// The elements a batch changeset's inserts and reloads show, taken from `new` (the
    /// diff's new snapshot; nil when nothing changed); nil for the sequential form.
    /// O(changeset).
    public func freshElements(in new: WireSnapshot?) -> WireFreshElements? {
        guard case .batch(let document) = self else { return nil }
        return new.map { WireFreshElements(of: document.changeset, in: $0) } ?? WireFreshElements()
    }

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
