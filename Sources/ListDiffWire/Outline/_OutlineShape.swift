import ListDiff

/// The shape of an outline section's items, read from their depths (pre-order): where each
/// item's `children` array opens and how many arrays close after it. Both writers of trees — a
/// snapshot's and the digest's canonical JSON — walk it, so they nest alike.
struct _OutlineShape {
    let items: ContiguousArray<WireSnapshot.Item>

    func depth(_ index: Int) -> Int { WireSnapshot._depth(items[index]) }

    /// Whether the item at `index` opens a `children` array (the next item is deeper). O(1).
    func opensChildren(_ index: Int) -> Bool {
        index + 1 < items.count && depth(index + 1) > depth(index)
    }

    /// How many `children` arrays (each with its owner's object) close after `index`. O(1).
    func closes(after index: Int) -> Int {
        max(0, depth(index) - (index + 1 < items.count ? depth(index + 1) : 0))
    }

    /// Whether the item at `index` is the first of its array. O(1).
    func isFirstOfArray(_ index: Int) -> Bool {
        index == 0 || depth(index) > depth(index - 1)
    }

    /// Whether the item is written as an object rather than a bare identifier. O(1).
    func needsObject(_ index: Int) -> Bool {
        if opensChildren(index) { return true }
        guard let content = items[index].content else { return false }
        return content.hasValue || content.kind != nil || content.isExpanded
    }
}
