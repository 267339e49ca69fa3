extension _Matcher {
    /// The identifiers an interning pass found twice on one side, up to
    /// ``SnapshotError/reportedDuplicateLimit`` a side.
    @usableFromInline
    struct _Duplicates {
        @usableFromInline var old: [ItemID] = []
        @usableFromInline var new: [ItemID] = []

        @inlinable
        init() {}

        @inlinable
        mutating func add(old id: ItemID) {
            if old.count < SnapshotError<SectionID, ItemID>.reportedDuplicateLimit { old.append(id) }
        }

        @inlinable
        mutating func add(new id: ItemID) {
            if new.count < SnapshotError<SectionID, ItemID>.reportedDuplicateLimit { new.append(id) }
        }
    }
}
