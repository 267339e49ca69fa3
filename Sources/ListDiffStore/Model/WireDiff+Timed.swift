import Foundation
import ListDiff
import ListDiffWire

/// Told of every diff a store runs: items on both sides, seconds taken (for metrics).
public typealias DiffObserver = @Sendable (_ items: Int, _ seconds: Double) -> Void

extension SectionedDiff where SectionID == WireID, ItemID == WireID, Content == WireContent {
    /// The diff between two stored versions, timed for `observe`: the diff of their visible
    /// rows (``WireSnapshot/visibleRows``), which is the snapshots' own unless one has an outline.
    public static func timed(from old: WireSnapshot, to new: WireSnapshot, options: DiffOptions, observe: DiffObserver)
        throws(SectionedDiffError<WireID, WireID>) -> WireDiff
    {
        let started = DispatchTime.now().uptimeNanoseconds
        defer {
            observe(old.numberOfItems + new.numberOfItems, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
        }
        return try SectionedDiff(from: old.visibleRows, to: new.visibleRows, options: options)
    }

    /// The diff a write answers with; the engine's refusal (possible only for snapshots built
    /// without checks) is ``StoreError/invalidSnapshot(_:)``.
    public static func written(
        from old: WireSnapshot, to new: WireSnapshot, options: DiffOptions, observe: DiffObserver
    ) throws(StoreError) -> WireDiff {
        do {
            return try timed(from: old, to: new, options: options, observe: observe)
        } catch {
            throw .invalidSnapshot("\(error)")
        }
    }
}
