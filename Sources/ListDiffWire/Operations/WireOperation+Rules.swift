import ListDiff

/// An operation's rules before it is applied, in one place: which forms of list take it and
/// what it may cost. (How it applies is ``WireSnapshot/apply(_:)``'s; the store only compares
/// the cost with its limits.)
extension WireOperation {
    /// How many item steps the operation may cost per item of the snapshot, for a request's
    /// work limit: 1, but an operation that may change an outline section's structure
    /// (appending or replacing children, and item operations on a snapshot with outlines)
    /// costs ``outlineStepWeight``, as many times dearer per item as it runs slower than an item
    /// operation on a flat section (`listdiff-bench --filter operations-200k`; figures in
    /// docs/benchmarks.md). O(1).
    public func stepWeight(onSnapshotWithOutlines hasOutlines: Bool) -> Int {
        switch self {
        case .expand, .collapse: return 1
        case .appendChildren, .replaceChildren: return Self.outlineStepWeight
        case .snapshot(let operation):
            switch operation {
            case .appendItems, .insertItemsBefore, .insertItemsAfter, .deleteItems, .moveItemBefore, .moveItemAfter:
                return hasOutlines ? Self.outlineStepWeight : 1
            default:
                return 1
            }
        }
    }

    /// The item steps of an operation that may change an outline section's structure.
    public static let outlineStepWeight = 4

    /// Whether the operation makes, changes or names a section: every section operation, and
    /// `appendItems` to a named section. A flat list (one section no one names) has none to
    /// offer it. O(1).
    public var referencesSection: Bool {
        guard case .snapshot(let operation) = self else { return false }
        switch operation {
        case .appendSections, .insertSectionsBefore, .insertSectionsAfter, .deleteSections,
            .moveSectionBefore, .moveSectionAfter, .reloadSections:
            return true
        case .appendItems(_, let section):
            return section != nil
        case .insertItemsBefore, .insertItemsAfter, .deleteItems, .deleteAllItems,
            .moveItemBefore, .moveItemAfter, .reloadItems, .reconfigureItems:
            return false
        }
    }

    /// The index of the first of `operations` a flat list cannot take (one that
    /// ``referencesSection``), or nil. O(operations).
    public static func firstSectionOperation(in operations: [WireOperation]) -> Int? {
        operations.firstIndex(where: \.referencesSection)
    }

    /// What `operations` may cost on `snapshot`, before any is applied: their count with each
    /// weighted by ``stepWeight(onSnapshotWithOutlines:)``, and that times the snapshot's items
    /// plus one (each may walk the items once), nil when it overflows. O(operations).
    public static func work(of operations: [WireOperation], on snapshot: WireSnapshot) -> (weighted: Int, steps: Int?) {
        let hasOutlines = snapshot.hasOutlines
        let weighted = operations.reduce(0) { $0 &+ $1.stepWeight(onSnapshotWithOutlines: hasOutlines) }
        let (steps, overflow) = weighted.multipliedReportingOverflow(by: snapshot.numberOfItems + 1)
        return (weighted, overflow ? nil : steps)
    }
}
