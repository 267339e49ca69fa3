import ListDiff

extension WireDiffRequest {
    /// Calls `body` with both snapshots and the items' codes, read once each (every read is a
    /// copy), while the request is kept alive: it, not the copies, then releases the items
    /// last, in the wire's specialised code (see `_OwnedSnapshots`), where copies released
    /// last would destroy them through the generic item's value witnesses. O(1) besides `body`.
    @inlinable
    public func withSnapshots<Result, Failure: Error>(
        _ body: (_ old: WireSnapshot, _ new: WireSnapshot, _ codes: ItemCodes?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withExtendedLifetime(self) { () throws(Failure) -> Result in
            try body(old, new, itemCodes)
        }
    }
}
