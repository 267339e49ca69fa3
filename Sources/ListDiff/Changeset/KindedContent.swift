/// Content that names the kind of cell showing it, as IGListKit matches section controllers by
/// class and Epoxy identifies a model by its view class. `reconfigureItems` hands the new
/// content to the cell already on screen, so an item whose kind changes must be reloaded (a
/// cell of the new kind dequeued), never reconfigured: the diff reports a kept item whose
/// ``cellKind`` changed as a reload, whatever ``DiffOptions/contentUpdates`` says.
///
/// Contents of different kinds must not be equal (`==` includes the kind), so that a change
/// of kind alone is seen. Absent content has no kind, the same as content whose kind is nil.
public protocol KindedContent: Equatable {
    associatedtype CellKind: Equatable
    /// The kind of cell that shows this content; nil for the list's default cell.
    var cellKind: CellKind? { get }
}

/// Kind changes, for any content type: always none for content that is not ``KindedContent``.
@usableFromInline
enum _CellKinds {
    /// Whether a kept item whose content went from `old` to `new` needs another kind of cell.
    /// Asked only when the contents differ. O(1); in specialized code the conformance check
    /// is settled when compiling.
    @inlinable
    static func changed<Content>(_ old: Content?, _ new: Content?) -> Bool {
        guard let kinded = Content.self as? any KindedContent.Type else { return false }
        return kinded._kindChanged(old, new)
    }
}

extension KindedContent {
    @inlinable
    static func _kindChanged<Other>(_ old: Other?, _ new: Other?) -> Bool {
        old.flatMap { ($0 as? Self)?.cellKind } != new.flatMap { ($0 as? Self)?.cellKind }
    }
}
