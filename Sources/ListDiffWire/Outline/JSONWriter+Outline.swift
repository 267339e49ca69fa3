import ListDiff
import ListDiffJSON

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

extension JSONWriter {
    /// Writes an outline section's items (pre-order with depths) as the tree they are: each
    /// `{"id", "content"?, "kind"?, "expanded"?: true, "children"?: […]}`, or its identifier
    /// alone when it has none of these. It closes only the `children` arrays it opened, so
    /// items whose depths do not form a tree (a depth that jumps) still make valid JSON.
    /// O(items).
    mutating func _writeOutlineItems(_ items: ContiguousArray<WireSnapshot.Item>) {
        let shape = _OutlineShape(items: items)
        var openChildren = 0
        for index in items.indices {
            let item = items[index]
            if shape.needsObject(index) {
                beginObject()
                if let content = item.content {
                    _writeItemMembers(item.id, content)
                } else {
                    key("id")
                    writeID(item.id)
                }
                if item.content?.isExpanded == true {
                    key("expanded")
                    bool(true)
                }
                if shape.opensChildren(index) {
                    key("children")
                    beginArray()
                    openChildren += 1
                } else {
                    endObject()
                }
            } else {
                writeID(item.id)
            }
            for _ in 0..<min(openChildren, shape.closes(after: index)) {
                endArray()
                endObject()
                openChildren -= 1
            }
        }
        for _ in 0..<openChildren {
            endArray()
            endObject()
        }
    }

    /// A visible row of an outline section in a changeset's values: `{"item": Item, "level",
    /// "parent"?, "hasChildren", "expanded"}` (`at` first when given), so a client can indent
    /// the cell and draw its disclosure without the tree. O(length).
    mutating func _writeOutlineRow(_ item: WireSnapshot.Item, parent: WireID?, at path: ItemPath?, flat: Bool) {
        beginObject()
        if let path {
            key("at")
            _writePath(path, flat: flat)
        }
        key("item")
        writeItem(item)
        key("level")
        int(item.content?.outlineDepth ?? 0)
        if let parent {
            key("parent")
            writeID(parent)
        }
        key("hasChildren")
        bool(item.content?.hasChildren ?? false)
        key("expanded")
        bool(item.content?.isExpanded ?? false)
        endObject()
    }
}
