/// What a snapshot holds besides its sections — the section index, the item → section map and
/// the marks — which most snapshots (a flat list's, one read off the wire without marks) leave
/// empty. Held in one shared box (``_SnapshotAnnexBox``), copied on write, so that a snapshot
/// is two references: otherwise copying one retains six, each through the costly run-time
/// value witnesses of a generic collection type, and a request copies its two snapshots
/// several times.
@usableFromInline
struct _SnapshotAnnex<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// Each section's position when there are more than ``Snapshot/_scannedSectionLimit``
    /// sections; empty otherwise.
    @usableFromInline var sectionIndex: [SectionID: Int] = [:]
    /// Item → section identifier; nil until an operation that must locate items builds it.
    @usableFromInline var itemSection: [ItemID: SectionID]? = nil
    @usableFromInline var reloadedItems: Set<ItemID> = []
    @usableFromInline var reconfiguredItems: Set<ItemID> = []
    @usableFromInline var reloadedSections: Set<SectionID> = []

    @inlinable init() {}
}

/// The box a snapshot's annex lives in. Changed only through a snapshot that holds it alone
/// (``Snapshot/_uniqueAnnex()`` copies it first otherwise), so it is never changed while
/// another snapshot or thread can read it.
@usableFromInline
final class _SnapshotAnnexBox<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: @unchecked Sendable {
    // Unchecked: see the class comment; the run-time exclusivity check would cost a call a read.
    @exclusivity(unchecked) @usableFromInline var value: _SnapshotAnnex<SectionID, ItemID>

    @inlinable init(_ value: _SnapshotAnnex<SectionID, ItemID>) {
        self.value = value
    }
}
