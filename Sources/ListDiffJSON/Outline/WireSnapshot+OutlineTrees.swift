import ListDiff

/// An outline section's items as the engine's ``Outline`` holds them, and back: the tree form is
/// what the operations change, the pre-order form (each item's depth, children and flag in its
/// content's placement) what a snapshot stores, diffs and writes.
extension WireSnapshot {
    typealias _Tree = OutlineItem<WireID, WireContent>

    /// The trees of `items` (pre-order with depths; an item deeper than its predecessor's child
    /// level is taken as a child all the same, so no item is ever dropped). O(items).
    static func _trees(_ items: some RandomAccessCollection<Item>) -> [_Tree] {
        let items = Array(items)
        var index = 0
        func depth(_ position: Int) -> Int { items[position].content?.outlineDepth ?? 0 }
        func build(_ level: Int) -> [_Tree] {
            var trees: [_Tree] = []
            while index < items.count, depth(index) >= level {
                let item = items[index]
                index += 1
                trees.append(_Tree(item.id, content: item.content, isExpanded: item.content?.isExpanded ?? false,
                                   children: build(level + 1)))
            }
            return trees
        }
        return build(0)
    }

    /// The items of `trees` in pre-order, each placed at its depth. O(items).
    static func _preorder(_ trees: [_Tree]) -> ContiguousArray<Item> {
        var items = ContiguousArray<Item>()
        func visit(_ trees: [_Tree], depth: Int) {
            for tree in trees {
                let placement = _OutlinePlacement(depth: depth, hasChildren: !tree.children.isEmpty, isExpanded: tree.isExpanded)
                items.append(Item(tree.id, content: WireContent.placed(tree.content, placement)))
                visit(tree.children, depth: depth + 1)
            }
        }
        visit(trees, depth: 0)
        return items
    }

    /// The first of `items` that only an outline can hold (it has children or is expanded). O(items).
    static func _firstNested(_ items: some Sequence<Item>) -> WireID? {
        items.first { item in item.content.map { $0._storage.placement != .none } ?? false }?.id
    }
}
