/// One item of an ``Outline``: its identity, optional content, whether it shows its children,
/// and its children in order. Apple's section snapshots start items collapsed, and so does
/// this; an item keeps its own flag while an ancestor is collapsed, so expanding the ancestor
/// again shows the subtree as it was.
public struct OutlineItem<ItemID: Hashable & Sendable, Content: Equatable & Sendable>: Sendable {
    public var id: ItemID
    public var content: Content?
    public var isExpanded: Bool
    public var children: [OutlineItem]

    @inlinable
    public init(_ id: ItemID, content: Content? = nil, isExpanded: Bool = false, children: [OutlineItem] = []) {
        self.id = id
        self.content = content
        self.isExpanded = isExpanded
        self.children = children
    }

    /// This item and every descendant, in pre-order. O(subtree).
    @inlinable
    public func forEachInSubtree(_ body: (OutlineItem) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.forEachInSubtree(body) }
    }
}

extension OutlineItem: Equatable {}
