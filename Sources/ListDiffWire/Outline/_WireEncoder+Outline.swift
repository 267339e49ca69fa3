import ListDiff
import ListDiffJSON

extension _WireEncoder {
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
                writer.beginObject()
                if let content = item.content {
                    _writeItemMembers(item.id, content)
                } else {
                    writer.key("id")
                    writeID(item.id)
                }
                if item.content?.isExpanded == true {
                    writer.key("expanded")
                    writer.bool(true)
                }
                if shape.opensChildren(index) {
                    writer.key("children")
                    writer.beginArray()
                    openChildren += 1
                } else {
                    writer.endObject()
                }
            } else {
                writeID(item.id)
            }
            for _ in 0..<min(openChildren, shape.closes(after: index)) {
                writer.endArray()
                writer.endObject()
                openChildren -= 1
            }
        }
        for _ in 0..<openChildren {
            writer.endArray()
            writer.endObject()
        }
    }

    /// A visible row of an outline section in a changeset's values: `{"item": Item, "level",
    /// "parent"?, "hasChildren", "expanded"}` (`at` first when given), so a client can indent
    /// the cell and draw its disclosure without the tree. O(length).
    mutating func _writeOutlineRow(_ item: WireSnapshot.Item, parent: WireID?, at path: ItemPath?, flat: Bool) {
        writer.beginObject()
        if let path {
            writer.key("at")
            _writePath(path, flat: flat)
        }
        writer.key("item")
        writeItem(item)
        writer.key("level")
        writer.int(item.content?.outlineDepth ?? 0)
        if let parent {
            writer.key("parent")
            writeID(parent)
        }
        writer.key("hasChildren")
        writer.bool(item.content?.hasChildren ?? false)
        writer.key("expanded")
        writer.bool(item.content?.isExpanded ?? false)
        writer.endObject()
    }
}
