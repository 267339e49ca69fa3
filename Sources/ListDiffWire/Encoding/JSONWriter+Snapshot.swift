import ListDiff
import ListDiffJSON

extension JSONWriter {
    /// Writes an identifier as a JSON string. O(length).
    @inlinable
    public mutating func writeID(_ id: WireID) {
        id.withUTF8 { string(utf8: $0) }
    }

    /// Writes content as its JSON bytes, as read. O(length).
    @inlinable
    public mutating func writeContent(_ content: WireContent) {
        content.withUnsafeJSON { raw($0) }
    }

    /// Writes an item: its identifier alone, or `{"id": …, "content"?: …, "kind"?: …}` when it
    /// has content or a kind (its place in an outline is written by the section). O(length).
    @inlinable
    public mutating func writeItem(_ item: WireSnapshot.Item) {
        guard let content = item.content, content.hasValue || content.kind != nil else {
            writeID(item.id)
            return
        }
        beginObject()
        _writeItemMembers(item.id, content)
        endObject()
    }

    /// `"id"`, then `"content"` and `"kind"` where present. O(length).
    @inlinable
    mutating func _writeItemMembers(_ id: WireID, _ content: WireContent) {
        key("id")
        writeID(id)
        if content.hasValue {
            key("content")
            writeContent(content)
        }
        if let kind = content.kind {
            key("kind")
            string(kind)
        }
    }

    /// Writes a snapshot. Sectioned: `{"sections": [{"id", "content"?, "items"}], "reloaded"?,
    /// "reconfigured"?, "reloadedSections"?}`. Flat: the items of every section as one bare
    /// array, or `{"items": […], "reloaded"?, "reconfigured"?}` when items are marked. Marks are
    /// written in snapshot order, only when present. O(size).
    public mutating func writeSnapshot(_ snapshot: WireSnapshot, flat: Bool) {
        let marked = !snapshot.reloadedItems.isEmpty || !snapshot.reconfiguredItems.isEmpty
        if flat, !marked {
            _writeAllItems(snapshot)
            return
        }
        beginObject()
        if flat {
            key("items")
            _writeAllItems(snapshot)
        } else {
            key("sections")
            beginArray()
            for section in snapshot.sections { _writeSection(section) }
            endArray()
        }
        _writeItemMarks("reloaded", snapshot, snapshot.reloadedItems)
        _writeItemMarks("reconfigured", snapshot, snapshot.reconfiguredItems)
        if !flat, !snapshot.reloadedSections.isEmpty {
            key("reloadedSections")
            beginArray()
            for section in snapshot.sections where snapshot.reloadedSections.contains(section.id) {
                writeID(section.id)
            }
            endArray()
        }
        endObject()
    }

    /// `{"id", "content"?, "outline"?: true, "items"}`; an outline's items as their tree. O(size).
    mutating func _writeSection(_ section: WireSnapshot.Section) {
        let isOutline = _beginSection(section)
        key("items")
        beginArray()
        if isOutline {
            _writeOutlineItems(section.items)
        } else {
            for item in section.items { writeItem(item) }
        }
        endArray()
        endObject()
    }

    /// Opens a section object and writes `"id"`, `"content"` where there is a value and
    /// `"outline": true` for an outline; answers whether it is one. O(content length).
    mutating func _beginSection(_ section: WireSnapshot.Section) -> Bool {
        beginObject()
        key("id")
        writeID(section.id)
        if let content = section.content, content.hasValue {
            key("content")
            writeContent(content)
        }
        let isOutline = section.content?.isOutline == true
        if isOutline {
            key("outline")
            bool(true)
        }
        return isOutline
    }

    mutating func _writeAllItems(_ snapshot: WireSnapshot) {
        beginArray()
        for section in snapshot.sections {
            for item in section.items { writeItem(item) }
        }
        endArray()
    }

    mutating func _writeItemMarks(_ name: StaticString, _ snapshot: WireSnapshot, _ marks: Set<WireID>) {
        guard !marks.isEmpty else { return }
        key(name)
        beginArray()
        for section in snapshot.sections {
            for item in section.items where marks.contains(item.id) { writeID(item.id) }
        }
        endArray()
    }
}
