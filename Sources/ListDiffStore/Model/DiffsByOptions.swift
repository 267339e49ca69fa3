import ListDiff
import ListDiffWire

/// The diff of one write in each form its waits asked for: the write's own, and one more diff
/// of the same two snapshots per other set of options, computed once however many waits share it.
public struct DiffsByOptions {
    private let written: WireDiff
    private let differ: SnapshotDiffer
    private var diffs: [DiffOptions: WireDiff]

    /// The forms of `diff`, each other one made by `differ`.
    public init(_ diff: WireDiff, differ: SnapshotDiffer) {
        written = diff
        self.differ = differ
        diffs = [diff.options: diff]
    }

    /// The diff with `options`; the write's own should the engine refuse (it cannot for two
    /// snapshots it has just diffed). O(1) when known, else one diff of the write's rows.
    public mutating func diff(with options: DiffOptions) -> WireDiff {
        if let known = diffs[options] { return known }
        let diff = (try? differ.rediff(written, options: options)) ?? written
        diffs[options] = diff
        return diff
    }
}
