import ListDiff
import ListDiffWire

/// What a list view does to go from the snapshot it shows to the next one, in order: each
/// stage as one `performBatchUpdates` whose block first switches the data source to that
/// stage's snapshot, then the content updates (reloads and reconfigures, in the final
/// coordinates) against the final snapshot. Built by applying a changeset to a local copy
/// through the engine's batch-update simulator, so a plan that exists is one UIKit accepts.
public struct ViewUpdatePlan: Sendable {
    /// One `performBatchUpdates` call and the snapshot the data source shows from its start.
    public struct Stage: Sendable {
        public var update: BatchUpdate
        public var snapshot: WireSnapshot
    }

    /// The snapshot the view showed before.
    public var previous: WireSnapshot
    public var stages: [Stage]
    /// Reloads and reconfigures, in the final snapshot's coordinates.
    public var updates: ContentUpdates
    /// The snapshot the view shows after.
    public var final: WireSnapshot
    /// Whether the view must reload everything rather than animate (a reset or a first copy).
    public let isReload: Bool

    /// True when the view has nothing to do.
    public var isEmpty: Bool { stages.allSatisfy { $0.update.isEmpty } && updates.isEmpty }

    /// Applies a batch changeset to `previous`: stages that carry their snapshot are checked
    /// against it; the last stage and the content updates take what they bring from `fresh`.
    /// - Throws: the first batch-update rule the changeset breaks, or a missing fresh element.
    /// - Complexity: O(n + u log u) per stage for n items and u operations.
    public init(applying changeset: WireBatchDocument, fresh: WireFreshElements, to previous: WireSnapshot)
        throws(BatchUpdateViolation)
    {
        self.previous = previous
        var state = previous
        var stages: [Stage] = []
        var lastStage: BatchUpdate?
        let batch = changeset.changeset
        for (index, update) in batch.stages.enumerated() {
            do throws(BatchUpdateViolation) {
                if index < batch.stages.count - 1 {
                    guard index < changeset.intermediateSnapshots.count else {
                        throw BatchUpdateViolation(
                            .rebuildMatchesTarget, "stage \(index) of \(batch.stages.count) carries no snapshot")
                    }
                    state = try BatchUpdateSimulator.apply(
                        update, to: state, dataSource: changeset.intermediateSnapshots[index])
                    stages.append(Stage(update: update, snapshot: changeset.intermediateSnapshots[index]))
                } else {
                    state = try BatchUpdateSimulator.apply(update, to: state, fresh: fresh)
                    lastStage = update
                }
            } catch {
                var violation = error
                violation.stage = index
                throw violation
            }
        }
        // Given up, so the updates change the state's items in place.
        let final = try BatchUpdateSimulator.applyUpdates(batch.updates, to: consume state, fresh: fresh)
        // The last stage's data source already holds the new content: cells it inserts show it.
        if let lastStage { stages.append(Stage(update: lastStage, snapshot: final)) }
        self.stages = stages
        updates = batch.updates
        self.final = final
        isReload = false
    }

    /// A plan with nothing to animate: the view reloads everything from `snapshot` (after a
    /// reset, or for the first copy).
    public init(reloading snapshot: WireSnapshot, previous: WireSnapshot) {
        self.previous = previous
        stages = []
        updates = ContentUpdates()
        final = snapshot
        isReload = true
    }

    /// Runs the plan through the simulator as UIKit would run it: each stage against its data
    /// source, the content updates against the final snapshot, which must come out exactly.
    /// A plan made by ``init(applying:fresh:to:)`` passes by construction; this is for plans
    /// assembled or changed by hand, and for tests.
    public func verify() throws(BatchUpdateViolation) {
        guard !isReload else { return }
        try BatchUpdateSimulator.verify(
            stages: stages.map { ($0.update, $0.snapshot) }, updates: updates, from: previous, to: final)
    }
}
