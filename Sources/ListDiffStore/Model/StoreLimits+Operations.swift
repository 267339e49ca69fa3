import ListDiffWire

extension StoreLimits {
    /// `count` items within ``maxItemsPerSnapshot``, else ``StoreError/tooManyItems(_:limit:pointer:)``
    /// naming `pointer`.
    public func checkItems(_ count: Int, pointer: String) throws(StoreError) {
        guard count <= maxItemsPerSnapshot else {
            throw .tooManyItems(count, limit: maxItemsPerSnapshot, pointer: pointer)
        }
    }

    /// `operations` applied to `current`, all or nothing, within these limits: no section
    /// operation on a flat list, the whole bounded before any is applied (each may walk the
    /// items once, one that may change an outline's structure counting
    /// as ``WireOperation/outlineStepWeight`` operations), and the result within the item limit.
    /// O(operations × items) at most.
    public func applying(_ operations: [WireOperation], to current: WireSnapshot, isFlat: Bool) throws(StoreError)
        -> WireSnapshot
    {
        if isFlat, let index = operations.firstIndex(where: \.referencesSection) {
            throw .formMismatch(storedIsFlat: true, operationIndex: index)
        }
        let items = current.numberOfItems
        let hasOutlines = current.hasOutlines
        let weighted = operations.reduce(0) { $0 &+ $1.stepWeight(onSnapshotWithOutlines: hasOutlines) }
        let (work, overflow) = weighted.multipliedReportingOverflow(by: items + 1)
        guard !overflow, work <= maxOperationWork else {
            throw .tooMuchWork(operations: weighted, items: items, limit: maxOperationWork)
        }
        let next: WireSnapshot
        do throws(WireOperationError) {
            next = try current.applying(operations)
        } catch {
            throw .operationFailed(error)
        }
        try checkItems(next.numberOfItems, pointer: "/operations")
        return next
    }
}
