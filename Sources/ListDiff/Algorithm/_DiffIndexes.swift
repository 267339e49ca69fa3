/// What the matcher found, as plain indexes: which sections and items correspond, which are
/// stable, and the content updates. Both output forms are assembled from it, so the diff is
/// computed once whatever form is asked for.
///
/// Items are numbered "flat" over the *processed* sections only: deleted and changed old
/// sections, inserted and changed new sections. Sections whose items did not change are
/// never hashed and have no flat numbers.
@usableFromInline
struct _DiffIndexes: Sendable {
    @usableFromInline var oldSectionCount = 0
    @usableFromInline var newSectionCount = 0
    /// New index of each old section, or -1 when it is deleted.
    @usableFromInline var oldSectionTarget: [Int32] = []
    /// Old index of each new section, or -1 when it is inserted.
    @usableFromInline var newSectionSource: [Int32] = []
    /// Kept and on the section LIS: not moved.
    @usableFromInline var newSectionStable: [Bool] = []

    /// Flat number of each old section's first item, or -1 when the section is unprocessed.
    @usableFromInline var oldBase: [Int32] = []
    @usableFromInline var newBase: [Int32] = []
    /// Items per processed section (old counts), to bound each section's flat range.
    @usableFromInline var oldCounts: [Int32] = []
    @usableFromInline var newCounts: [Int32] = []
    /// Section of each flat item.
    @usableFromInline var oldFlatSection: [Int32] = []
    @usableFromInline var newFlatSection: [Int32] = []
    /// The matching item on the other side (flat), or -1.
    @usableFromInline var oldPartner: [Int32] = []
    @usableFromInline var newPartner: [Int32] = []
    /// The new item stays in its section and on that section's LIS: no move.
    @usableFromInline var newStable: [Bool] = []

    @usableFromInline var updates = ContentUpdates()

    @usableFromInline init() {}

    @inlinable
    func oldPath(_ flat: Int) -> ItemPath {
        let section = Int(oldFlatSection[flat])
        return ItemPath(section: section, item: flat - Int(oldBase[section]))
    }
}

extension _DiffIndexes {
    /// Kept sections off the stable run: each is one section move. O(s).
    @inlinable
    var sectionMoveCount: Int {
        (0..<newSectionCount).lazy.filter { newSectionSource[$0] >= 0 && !newSectionStable[$0] }.count
    }
}
