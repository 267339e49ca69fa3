/// What the matcher found, as plain indexes: which sections and items correspond, which are
/// stable, and the content updates. Both output forms are assembled from it, so the diff is
/// computed once whatever form is asked for.
///
/// Items are numbered "flat" over the *processed* sections only: deleted and changed old
/// sections, inserted and changed new sections. Sections whose items did not change are
/// never hashed and have no flat numbers.
@usableFromInline
struct _DiffIndexes: Sendable {
    /// A section index that names no section: the target of a deleted old section, the
    /// source of an inserted new one, the flat base of an unprocessed section.
    @usableFromInline static var none: Int32 { -1 }

    @usableFromInline var oldSectionCount = 0
    @usableFromInline var newSectionCount = 0
    /// New index of each old section, or ``none`` when it is deleted.
    @usableFromInline var oldSectionTarget: _SectionColumn<Int32> = []
    /// Old index of each new section, or ``none`` when it is inserted.
    @usableFromInline var newSectionSource: _SectionColumn<Int32> = []
    /// Kept and on the section LIS: not moved.
    @usableFromInline var newSectionStable: _SectionColumn<Bool> = []

    /// Flat number of each old section's first item, or ``none`` when the section is unprocessed.
    @usableFromInline var oldBase: _SectionColumn<Int32> = []
    @usableFromInline var newBase: _SectionColumn<Int32> = []
    /// Items per processed section (old counts), to bound each section's flat range.
    @usableFromInline var oldCounts: _SectionColumn<Int32> = []
    @usableFromInline var newCounts: _SectionColumn<Int32> = []
    /// Per processed item: its section, its partner on the other side, whether it stays.
    @usableFromInline var items = _ItemColumns()

    @usableFromInline var updates = ContentUpdates()

    @usableFromInline init() {}

    @inlinable
    func oldPath(_ flat: Int) -> ItemPath {
        let section = items.oldSection(flat)
        return ItemPath(section: section, item: flat - Int(oldBase[section]))
    }

    /// Whether old section `section` is deleted (the new snapshot lacks it).
    @inlinable
    func isDeleted(old section: Int) -> Bool { oldSectionTarget[section] == Self.none }

    /// Whether new section `section` is inserted (the old snapshot lacks it).
    @inlinable
    func isInserted(new section: Int) -> Bool { newSectionSource[section] == Self.none }

    /// Whether old section `section`'s items have flat numbers (it was not skipped unchanged).
    @inlinable
    func isProcessed(old section: Int) -> Bool { oldBase[section] != Self.none }

    /// Whether new section `section`'s items have flat numbers (it was not skipped unchanged).
    @inlinable
    func isProcessed(new section: Int) -> Bool { newBase[section] != Self.none }

    /// The flat numbers of old section `section`'s items; nil when it is unprocessed.
    @inlinable
    func flatRange(old section: Int) -> Range<Int>? {
        let base = oldBase[section]
        return base == Self.none ? nil : Int(base)..<Int(base &+ oldCounts[section])
    }

    /// The flat numbers of new section `section`'s items; nil when it is unprocessed.
    @inlinable
    func flatRange(new section: Int) -> Range<Int>? {
        let base = newBase[section]
        return base == Self.none ? nil : Int(base)..<Int(base &+ newCounts[section])
    }
}

extension _DiffIndexes {
    /// Kept sections off the stable run: each is one section move. O(s).
    @inlinable
    var sectionMoveCount: Int {
        (0..<newSectionCount).lazy.filter { !isInserted(new: $0) && !newSectionStable[$0] }.count
    }

    /// Section moves: the kept sections on the stable run stay; the others move. The run is a
    /// longest increasing one among those holding every section whose old and new index are
    /// equal: moving such a section would be a no-op move to UIKit (R8), and deleting and
    /// inserting it instead would throw its cells away.
    @inlinable
    mutating func stabiliseSections() {
        // Kept sections still in their old order, the usual case, all stay: no run to compute.
        var last: Int32 = -1
        var inOrder = true
        for index in 0..<newSectionCount where !isInserted(new: index) {
            inOrder = inOrder && newSectionSource[index] > last
            last = newSectionSource[index]
            newSectionStable[index] = true
        }
        if inOrder { return }
        // Sized once (not grown element by element): the staged diffs stabilise twice a diff.
        var kept: [Int32] = []
        var isFixed: [Bool] = []
        var keptAt: [Int] = []
        kept.reserveCapacity(newSectionCount)
        isFixed.reserveCapacity(newSectionCount)
        keptAt.reserveCapacity(newSectionCount)
        for index in 0..<newSectionCount where !isInserted(new: index) {
            kept.append(newSectionSource[index])
            isFixed.append(Int(newSectionSource[index]) == index)
            keptAt.append(index)
        }
        let members = LongestIncreasingSubsequence.members(of: kept, keeping: isFixed)
        for (position, index) in keptAt.enumerated() { newSectionStable[index] = members[position] }
    }
}

extension _DiffIndexes {
    /// The section pass of a diff between two snapshots with the same sections in the same
    /// order: every section kept, none moved. O(s).
    @inlinable
    static func identity(sectionCount: Int) -> _DiffIndexes {
        var indexes = _DiffIndexes()
        indexes.oldSectionCount = sectionCount
        indexes.newSectionCount = sectionCount
        indexes.oldSectionTarget = _SectionColumn((0..<sectionCount).map { Int32(truncatingIfNeeded: $0) })
        indexes.newSectionSource = indexes.oldSectionTarget
        indexes.newSectionStable = _SectionColumn(repeating: true, count: sectionCount)
        return indexes
    }
}
