import ListDiff
import ListDiffWire

/// One step of a ``SnapshotMirror``: the local copy moved to `version`, and how a view gets
/// there — `plan` animates the changeset, or, for the first copy and every reset, reloads.
public struct MirrorUpdate: Sendable {
    /// Why the copy changed.
    public enum Reason: Hashable, Sendable {
        /// The first copy, read with `GET`.
        case initial
        /// A changeset from the previous version, applied and checked.
        case changes
        /// The server answered a reset: the version the mirror held is from another server
        /// process (a restart, another instance) or no longer kept.
        case serverReset
        /// The changeset applied, but the result's digest was not the server's: the local
        /// copy was wrong, so the mirror read the snapshot again.
        case digestMismatch
        /// The changeset broke a batch-update rule against the local copy (it would have
        /// crashed a collection view), so the mirror read the snapshot again.
        case invalidChangeset(String)
        /// A snapshot with outline sections: the tree read after the changeset was already at
        /// a later version, so the view reloads it whole.
        case movedOnWhileReading
    }

    public var reason: Reason
    public var version: SnapshotVersion
    public var digest: String
    /// What the view shows now, the same as `plan.final`: the copy, or, when the snapshot has
    /// outline sections, its visible rows (the mirror's ``SnapshotMirror/copy`` holds the tree).
    public var snapshot: WireSnapshot { plan.final }
    /// What a view does: a batch plan for `.changes`, a reload (``ViewUpdatePlan/isReload``)
    /// otherwise.
    public var plan: ViewUpdatePlan

    /// The changeset that was applied (empty for a reload). O(stages).
    public var changeset: BatchChangeset {
        BatchChangeset(stages: plan.stages.map(\.update), updates: plan.updates)
    }
}
