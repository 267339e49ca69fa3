import ListDiff
import ListDiffWire

/// The diff of one write in each form its waits asked for: the write's own, and one more diff
/// of the same two snapshots per other set of options, computed once however many waits share it.
public struct DiffsByOptions {
    private let written: WireDiff
    private var diffs: [DiffOptions: WireDiff]

    public init(_ diff: WireDiff) {
        written = diff
        diffs = [diff.options: diff]
    }

    /// The diff with `options`; the write's own should the engine refuse (it cannot for two
    /// snapshots it has just diffed). O(1) when known, else one diff.
    public mutating func diff(with options: DiffOptions) -> WireDiff {
        if let known = diffs[options] { return known }
        let diff = (try? SectionedDiff(from: written.old, to: written.new, options: options)) ?? written
        diffs[options] = diff
        return diff
    }
}
