import ListDiffWire

extension StoreLimits {
    /// `count` items within ``maxItemsPerSnapshot``, else ``StoreError/tooManyItems(_:limit:pointer:)``
    /// naming `pointer`.
    public func checkItems(_ count: Int, pointer: String) throws(StoreError) {
        guard count <= maxItemsPerSnapshot else {
            throw .tooManyItems(count, limit: maxItemsPerSnapshot, pointer: pointer)
        }
    }

    /// `operations` applied to `current`, all or nothing, within these limits: the operation
    /// rules' bounds (``WireOperation/firstSectionOperation(in:)``: none that names a section on a
    /// flat list; ``WireOperation/work(of:on:)``: the whole list's work) checked before any is
    /// applied, and the result within the item limit. O(operations × items) at most.
    public func applying(_ operations: [WireOperation], to current: WireSnapshot, isFlat: Bool) throws(StoreError)
        -> WireSnapshot
    {
        if isFlat, let index = WireOperation.firstSectionOperation(in: operations) {
            throw .formMismatch(storedIsFlat: true, operationIndex: index)
        }
        let work = WireOperation.work(of: operations, on: current)
        guard let steps = work.steps, steps <= maxOperationWork else {
            throw .tooMuchWork(operations: work.weighted, items: current.numberOfItems, limit: maxOperationWork)
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
