import ListDiffWire

extension ViewUpdatePlan {
    /// What every Apple helper does first: a reload plan shows `final` through `setSnapshot`,
    /// reloads the whole view with `reload` and answers true; any other plan answers false and
    /// leaves both alone. O(1) plus the closures.
    @MainActor
    func reloadsWholeView(setSnapshot: (WireSnapshot) -> Void, reload: () -> Void) -> Bool {
        guard isReload else { return false }
        setSnapshot(final)
        reload()
        return true
    }
}
