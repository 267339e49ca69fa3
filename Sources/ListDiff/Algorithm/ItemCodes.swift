/// The items of two snapshots as numbers, from a caller that has already interned every item
/// identifier of both in one table (a wire decoder does, to find duplicates): equal
/// identifiers have equal codes, different ones different codes. Given to
/// ``SectionedDiff/init(from:to:codes:options:)``, they let the diff match items by code —
/// a slot per code, no hashing and no identifier compared — where it would otherwise hash
/// every identifier a second time.
///
/// The diff cannot check that codes and identifiers agree (that would be the hashing it
/// saves); it checks their counts and range, and matches by identifier when they do not fit.
public struct ItemCodes: Sendable {
    /// One code an item of the old snapshot, in order: its sections' items one after another.
    public let old: [UInt32]
    /// One code an item of the new snapshot, in the same order.
    public let new: [UInt32]
    /// Every code is below this.
    public let count: Int

    /// Codes for two snapshots' items. O(1).
    @inlinable
    public init(old: [UInt32], new: [UInt32], count: Int) {
        self.old = old
        self.new = new
        self.count = count
    }
}
