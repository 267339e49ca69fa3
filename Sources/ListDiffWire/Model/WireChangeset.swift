import ListDiff

/// A changeset as the service answers it: the batch form for UIKit/AppKit, or the sequential
/// form for Android and web lists.
public enum WireChangeset: Sendable {
    case batch(WireBatchDocument)
    case sequential(SequentialChangeset)

    /// The changeset of `diff` in the form asked, assembled now: the engine's last step, done
    /// before a byte is written, so writers only write (and a diff's timing can cover it).
    /// O(changeset), plus each stage's snapshot when a batch has several.
    public init(_ diff: borrowing WireDiff, sequential: Bool) {
        if sequential {
            self = .sequential(diff.sequential)
            return
        }
        let batch = diff.batchWithIntermediateSnapshots
        self = .batch(WireBatchDocument(changeset: batch.changeset, intermediateSnapshots: batch.intermediateSnapshots))
    }

    /// The changeset of a diff that found nothing changed, in the form asked. O(1).
    public static func unchanged(sequential: Bool) -> WireChangeset {
        sequential
            ? .sequential(SequentialChangeset())
            : .batch(WireBatchDocument(changeset: BatchChangeset(), intermediateSnapshots: []))
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
