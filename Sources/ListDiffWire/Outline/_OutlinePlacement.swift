/// Where an item sits in an outline section, packed in one word beside its content: its depth
/// (0 for a root), whether it has children, and its own expanded flag; on a section's content,
/// whether the section is an outline. Zero is a root leaf, collapsed — an item of a flat section
/// — so such items need no content at all.
///
/// An outline section keeps its items in pre-order (every item, shown or not), each with its
/// placement: the tree is the sequence of depths, so the identifiers stay one flat array, unique
/// across the snapshot as every other item's are.
@usableFromInline
struct _OutlinePlacement: Hashable, Sendable {
    @usableFromInline var bits: UInt32

    @inlinable
    init(bits: UInt32) {
        self.bits = bits
    }

    @inlinable
    init(depth: Int, hasChildren: Bool, isExpanded: Bool) {
        bits = UInt32(truncatingIfNeeded: depth) &<< 3 | (hasChildren ? 1 : 0) | (isExpanded ? 2 : 0)
    }

    /// The placement of a section's content that makes the section an outline.
    @usableFromInline static let outlineSection = _OutlinePlacement(bits: 4)
    @usableFromInline static let none = _OutlinePlacement(bits: 0)

    @inlinable var depth: Int { Int(bits &>> 3) }
    @inlinable var hasChildren: Bool { bits & 1 != 0 }
    @inlinable var isExpanded: Bool { bits & 2 != 0 }
    @inlinable var isOutlineSection: Bool { bits & 4 != 0 }

    /// The same placement with the expanded flag cleared: how a leaf's row is drawn.
    @inlinable var collapsed: _OutlinePlacement { _OutlinePlacement(bits: bits & ~2) }
}
