/// A row a collection view shows for an ``Outline``: a visible item (no collapsed ancestor)
/// in pre-order, with what a cell needs to indent it and draw its disclosure.
public struct OutlineRow<ItemID: Hashable & Sendable, Content: Equatable & Sendable>: Sendable {
    public var id: ItemID
    public var content: Content?
    /// 0 for a root, 1 for its children, …
    public var level: Int
    /// The parent's identifier; nil for a root.
    public var parent: ItemID?
    public var hasChildren: Bool
    /// The item's own flag (a leaf may carry `true`; it shows nothing until it has children).
    public var isExpanded: Bool

    @inlinable
    public init(id: ItemID, content: Content?, level: Int, parent: ItemID?, hasChildren: Bool, isExpanded: Bool) {
        self.id = id
        self.content = content
        self.level = level
        self.parent = parent
        self.hasChildren = hasChildren
        self.isExpanded = isExpanded
    }

    /// What the diff compares for this row: its content and how it is drawn. A row whose
    /// level or disclosure changed is updated like one whose content changed. O(1).
    @inlinable
    public var diffContent: OutlineRowContent<Content> {
        OutlineRowContent(
            content: content, level: level, disclosure: .init(hasChildren: hasChildren, isExpanded: isExpanded))
    }
}

/// The content an outline's visible row is diffed by: the item's content, its level and its
/// disclosure. Expanding an item changes its disclosure (the row is reconfigured) and shows
/// its children (inserted rows); a leaf gaining its first child gains a disclosure.
public struct OutlineRowContent<Content: Equatable & Sendable>: Equatable, Sendable {
    public enum Disclosure: UInt8, Sendable {
        case none, collapsed, expanded

        /// None for a leaf (whatever its own flag says), else the item's flag. O(1).
        @inlinable
        public init(hasChildren: Bool, isExpanded: Bool) {
            self = !hasChildren ? .none : isExpanded ? .expanded : .collapsed
        }
    }

    public var content: Content?
    public var level: Int
    public var disclosure: Disclosure

    @inlinable
    public init(content: Content?, level: Int, disclosure: Disclosure) {
        self.content = content
        self.level = level
        self.disclosure = disclosure
    }

    /// Written out (not synthesized) so that it is inlinable: the diff compares every kept
    /// row, and specialized code must not call through a witness. O(1) plus the content's `==`.
    @inlinable
    public static func == (lhs: OutlineRowContent, rhs: OutlineRowContent) -> Bool {
        lhs.level == rhs.level && lhs.disclosure == rhs.disclosure && lhs.content == rhs.content
    }
}

/// A row's cell kind is its item's: a kind change is still a reload, a level or disclosure
/// change a reconfigure.
extension OutlineRowContent: KindedContent where Content: KindedContent {
    @inlinable
    public var cellKind: Content.CellKind? { content?.cellKind }
}
