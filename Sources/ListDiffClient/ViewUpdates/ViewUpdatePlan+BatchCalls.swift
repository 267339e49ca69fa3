import ListDiffWire

extension ViewUpdatePlan {
    /// What every batch-updating Apple helper does with a plan; only the view's own calls are
    /// left to it. A reload plan shows `final` through `setSnapshot`, calls `reload`, then
    /// `completion(true)`. Any other plan runs each stage in its own `performBatch` whose block
    /// first shows that stage's snapshot (the data source answers from it from then on), then
    /// hands the stage to `applyStage`; then one last `performBatch` shows `final` and hands the
    /// content updates (reloads and reconfigures, in its coordinates) to `applyUpdates`, with
    /// `completion`. O(stages + operations) plus the closures.
    @MainActor
    func performBatches(
        setSnapshot: @escaping @MainActor (WireSnapshot) -> Void, reload: () -> Void,
        performBatch: (_ updates: @escaping () -> Void, _ completion: ((Bool) -> Void)?) -> Void,
        applyStage: @escaping (PlatformBatch) -> Void, applyUpdates: @escaping (PlatformBatch) -> Void,
        completion: ((Bool) -> Void)?
    ) {
        if isReload {
            setSnapshot(final)
            reload()
            completion?(true)
            return
        }
        for stage in stages {
            let batch = PlatformBatch(stage.update)
            performBatch(
                {
                    setSnapshot(stage.snapshot)
                    applyStage(batch)
                }, nil)
        }
        let updates = PlatformBatch(updates)
        let final = final
        performBatch(
            {
                setSnapshot(final)
                applyUpdates(updates)
            }, completion)
    }
}
