@_spi(Unchecked) import ListDiff
import ListDiffWire

/// The marks of one stored version (reload and reconfigure marks, section reloads), or the
/// union of several. A write's marks are part of the version it made: a store keeps them with
/// that version, apart from its snapshot (reads never show them, and the next write does not
/// build on them), so that a follower one version or more behind is told of them, not only
/// the writer and the waits at its base.
public struct VersionMarks: Sendable, Equatable {
    public private(set) var reloaded: Set<WireID> = []
    public private(set) var reconfigured: Set<WireID> = []
    public private(set) var reloadedSections: Set<WireID> = []

    public init() {}

    /// The marks `snapshot` carries. O(marks).
    public init(of snapshot: WireSnapshot) {
        reloaded = snapshot.reloadedItems
        reconfigured = snapshot.reconfiguredItems
        reloadedSections = snapshot.reloadedSections
    }

    /// Marks of the given elements. O(marks).
    init(reloaded: some Sequence<WireID>, reconfigured: some Sequence<WireID>, reloadedSections: some Sequence<WireID>)
    {
        self.reloaded = Set(reloaded)
        self.reconfigured = Set(reconfigured)
        self.reloadedSections = Set(reloadedSections)
    }

    public var isEmpty: Bool { reloaded.isEmpty && reconfigured.isEmpty && reloadedSections.isEmpty }

    /// Adds another version's marks. O(its marks).
    public mutating func formUnion(_ other: VersionMarks) {
        reloaded.formUnion(other.reloaded)
        reconfigured.formUnion(other.reconfigured)
        reloadedSections.formUnion(other.reloadedSections)
    }

    /// `snapshot` (the current version) carrying these marks, so that a diff to it reports
    /// them: only those on elements it holds (one deleted since it was marked asks for nothing;
    /// one deleted and written back keeps its mark, since a follower that saw every version
    /// has a fresh cell for it), a reload winning over a reconfigure. An item inserted since
    /// the version diffed from is an insert, whatever its marks. O(1) without marks, else O(n).
    public func marking(_ snapshot: WireSnapshot) -> WireSnapshot {
        guard !isEmpty else { return snapshot }
        return snapshot.addingHeldMarks(
            reloading: reloaded, reconfiguring: reconfigured, reloadingSections: reloadedSections)
    }
}
