import ListDiff
import ListDiffWire

/// How a store diffs two of its versions: the engine's diff of their visible rows
/// (`WireDiff(ofRowsFrom:to:options:)`), each diff told to an observer when one was given. The
/// store decides when to diff (a write, the changes since a version, a wait's answer); whoever
/// makes the store decides whether diffs are measured (the service counts them in its metrics).
public struct SnapshotDiffer: Sendable {
    /// Told of each diff: how long it took and how many items it compared (both sides).
    public typealias Observer = @Sendable (_ seconds: Double, _ items: Int) -> Void

    private let observer: Observer?

    /// A differ that tells `observer` of every diff.
    public init(observer: @escaping Observer) {
        self.observer = observer
    }

    private init() {
        observer = nil
    }

    /// The engine's diff, measured by nobody.
    public static let unmeasured = SnapshotDiffer()

    /// The diff from version `old` to version `new`: of their visible rows. O(rows + diff).
    public func diff(from old: WireSnapshot, to new: WireSnapshot, options: DiffOptions)
        throws(SectionedDiffError<WireID, WireID>) -> WireDiff
    {
        try observed(items: old.numberOfItems + new.numberOfItems) { () throws(SectionedDiffError<WireID, WireID>) in
            try WireDiff(ofRowsFrom: old, to: new, options: options)
        }
    }

    /// `diff`'s rows diffed again with other `options`. O(diff).
    public func rediff(_ diff: WireDiff, options: DiffOptions) throws(SectionedDiffError<WireID, WireID>) -> WireDiff {
        try observed(items: diff.old.numberOfItems + diff.new.numberOfItems) {
            () throws(SectionedDiffError<WireID, WireID>) in
            try WireDiff(from: diff.old, to: diff.new, options: options)
        }
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

    private func observed(items: Int, _ body: () throws(SectionedDiffError<WireID, WireID>) -> WireDiff)
        throws(SectionedDiffError<WireID, WireID>) -> WireDiff
    {
        guard let observer else { return try body() }
        let clock = ContinuousClock()
        let started = clock.now
        defer {
            let elapsed = (clock.now - started).components
            observer(Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18, items)
        }
        return try body()
    }
}
