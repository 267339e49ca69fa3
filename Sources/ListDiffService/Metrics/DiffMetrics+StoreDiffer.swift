import ListDiff
import ListDiffStore
import ListDiffWire

extension DiffMetrics {
    /// The differ the service gives its store: the engine's diff of two versions' rows, each
    /// timed and counted as one diff.
    var differ: SnapshotDiffer {
        SnapshotDiffer { [self] oldRows, newRows, options throws(SectionedDiffError<WireID, WireID>) in
            try matching(items: oldRows.numberOfItems + newRows.numberOfItems) {
                () throws(SectionedDiffError<WireID, WireID>) in
                try WireDiff(from: oldRows, to: newRows, options: options)
            }
        }
    }
}
