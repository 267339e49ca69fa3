import ListDiff
import ListDiffJSON

extension _WireEncoder {
    /// Writes an identifier as a JSON string. O(length).
    @inlinable
    mutating func writeID(_ id: WireID) {
        id.withUTF8 { writer.string(utf8: $0) }
    }

    /// Writes content as its JSON bytes, as read. O(length).
    @inlinable
    mutating func writeContent(_ content: WireContent) {
        content.withUnsafeJSON { writer.raw($0) }
    }

    /// Writes an item: its identifier alone, or `{"id": …, "content"?: …, "kind"?: …}` when it
    /// has content or a kind (its place in an outline is written by the section). O(length).
    @inlinable
    mutating func writeItem(_ item: WireSnapshot.Item) {
        guard let content = item.content, content.hasValue || content.kind != nil else {
            writeID(item.id)
            return
        }
        writer.beginObject()
        _writeItemMembers(item.id, content)
        writer.endObject()
    }

    /// `"id"`, then `"content"` and `"kind"` where present. O(length).
    @inlinable
    mutating func _writeItemMembers(_ id: WireID, _ content: WireContent) {
        writer.key("id")
        writeID(id)
        if content.hasValue {
            writer.key("content")
            writeContent(content)
        }
        if let kind = content.kind {
            writer.key("kind")
            writer.string(kind)
        }
    }

    /// Writes a snapshot. Sectioned: `{"sections": [{"id", "content"?, "items"}], "reloaded"?,
    /// "reconfigured"?, "reloadedSections"?}`. Flat: the items of every section as one bare
    /// array, or `{"items": […], "reloaded"?, "reconfigured"?}` when items are marked. Marks are
    /// written in snapshot order, only when present. O(size).
    mutating func writeSnapshot(_ snapshot: WireSnapshot, flat: Bool) {
        let marked = !snapshot.reloadedItems.isEmpty || !snapshot.reconfiguredItems.isEmpty
        if flat, !marked {
            _writeAllItems(snapshot)
            return
        }
        writer.beginObject()
        if flat {
            writer.key("items")
            _writeAllItems(snapshot)
        } else {
            writer.key("sections")
            writer.beginArray()
            for section in snapshot.sections { _writeSection(section) }
            writer.endArray()
        }
        _writeItemMarks("reloaded", snapshot, snapshot.reloadedItems)
        _writeItemMarks("reconfigured", snapshot, snapshot.reconfiguredItems)
        if !flat, !snapshot.reloadedSections.isEmpty {
            writer.key("reloadedSections")
            writer.beginArray()
            for section in snapshot.sections where snapshot.reloadedSections.contains(section.id) {
                writeID(section.id)
            }
            writer.endArray()
        }
        writer.endObject()
    }

    /// `{"id", "content"?, "outline"?: true, "items"}`; an outline's items as their tree. O(size).
    mutating func _writeSection(_ section: WireSnapshot.Section) {
        let isOutline = _beginSection(section)
        writer.key("items")
        writer.beginArray()
        if isOutline {
            _writeOutlineItems(section.items)
        } else {
            for item in section.items { writeItem(item) }
        }
        writer.endArray()
        writer.endObject()
    }

    /// Opens a section object and writes `"id"`, `"content"` where there is a value and
    /// `"outline": true` for an outline; answers whether it is one. O(content length).
    mutating func _beginSection(_ section: WireSnapshot.Section) -> Bool {
        writer.beginObject()
        writer.key("id")
        writeID(section.id)
        if let content = section.content, content.hasValue {
            writer.key("content")
            writeContent(content)
        }
        let isOutline = section.content?.isOutline == true
        if isOutline {
            writer.key("outline")
            writer.bool(true)
        }
        return isOutline
    }

    mutating func _writeAllItems(_ snapshot: WireSnapshot) {
        writer.beginArray()
        for section in snapshot.sections {
            for item in section.items { writeItem(item) }
        }
        writer.endArray()
    }

    mutating func _writeItemMarks(_ name: StaticString, _ snapshot: WireSnapshot, _ marks: Set<WireID>) {
        guard !marks.isEmpty else { return }
        writer.key(name)
        writer.beginArray()
        for section in snapshot.sections {
            for item in section.items where marks.contains(item.id) { writeID(item.id) }
        }
        writer.endArray()
    }
}
