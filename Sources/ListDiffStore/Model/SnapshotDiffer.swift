import ListDiff
import ListDiffWire

/// How a store diffs two of its versions. The store decides when to diff (a write, the
/// changes since a version, a wait's answer); whoever makes the store decides how a diff runs
/// and is measured: the service passes one that times every diff for its metrics, so the
/// store holds no clock and reports nothing.
///
/// What is diffed are a version's visible rows (``WireSnapshot/visibleRows``): the snapshot's
/// own unless it has an outline.
public struct SnapshotDiffer: Sendable {
    /// Diffs two snapshots of rows.
    public typealias Run =
        @Sendable (_ oldRows: WireSnapshot, _ newRows: WireSnapshot, _ options: DiffOptions)
        throws(SectionedDiffError<WireID, WireID>) -> WireDiff

    private let run: Run

    /// A differ that runs `run` for every diff.
    public init(_ run: @escaping Run) {
        self.run = run
    }

    /// The engine's diff, measured by nobody.
    public static let unmeasured = SnapshotDiffer {
        oldRows, newRows, options throws(SectionedDiffError<WireID, WireID>) in
        try WireDiff(from: oldRows, to: newRows, options: options)
    }

    /// The diff from version `old` to version `new`: of their visible rows. O(rows + diff).
    public func diff(from old: WireSnapshot, to new: WireSnapshot, options: DiffOptions)
        throws(SectionedDiffError<WireID, WireID>) -> WireDiff
    {
        try run(old.visibleRows, new.visibleRows, options)
    }

    /// `diff`'s rows diffed again with other `options`. O(diff).
    public func rediff(_ diff: WireDiff, options: DiffOptions) throws(SectionedDiffError<WireID, WireID>) -> WireDiff {
        try run(diff.old, diff.new, options)
    }

    /// The diff a write answers with; the engine's refusal (possible only for snapshots built
    /// without checks) is ``StoreError/invalidSnapshot(_:)``.
    public func written(from old: WireSnapshot, to new: WireSnapshot, options: DiffOptions) throws(StoreError)
        -> WireDiff
    {
        do {
            return try diff(from: old, to: new, options: options)
        } catch {
            throw .invalidSnapshot("\(error)")
        }
    }
}
