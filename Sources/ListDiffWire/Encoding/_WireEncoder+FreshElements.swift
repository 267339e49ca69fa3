import ListDiff
import ListDiffJSON

extension _WireEncoder {
    /// Writes a changeset's fresh elements: `{"sections": [{"at": i, "section": Section}],
    /// "items": [{"at": path, "item": Item}]}`, each as a snapshot writes it, in position
    /// order. Flat: `at` is the item index, and `sections` appears only when not empty.
    /// An item of an outline section is its visible row (`{"at", "item", "level", "parent"?,
    /// "hasChildren", "expanded"}`) and an outline section's items are such rows without `at`:
    /// `rows` is the snapshot of visible rows the elements come from, which names the parents.
    /// O(size of the elements + k log k) for k elements, plus the items of outline sections
    /// that have fresh items.
    mutating func writeFreshElements(_ fresh: WireFreshElements, flat: Bool, rows: WireSnapshot? = nil) {
        var parents: [Int: [WireID?]] = [:]
        func parent(_ path: ItemPath) -> WireID? {
            guard let rows, path.section < rows.sections.count else { return nil }
            if parents[path.section] == nil {
                parents[path.section] = WireSnapshot._parents(of: rows.sections[path.section].items)
            }
            return parents[path.section].flatMap { path.item < $0.count ? $0[path.item] : nil }
        }
        writer.beginObject()
        if !flat || !fresh.sections.isEmpty {
            writer.key("sections")
            writer.beginArray()
            for index in fresh.sections.keys.sorted() {
                guard let section = fresh.sections[index] else { continue }
                writer.beginObject()
                writer.key("at")
                writer.int(index)
                writer.key("section")
                if section.content?.isOutline == true {
                    _writeOutlineRows(section)
                } else {
                    _writeSection(section)
                }
                writer.endObject()
            }
            writer.endArray()
        }
        writer.key("items")
        writer.beginArray()
        for path in fresh.items.keys.sorted() {
            guard let item = fresh.items[path] else { continue }
            if rows.map({ path.section < $0.sections.count && $0.sections[path.section].content?.isOutline == true })
                == true
            {
                _writeOutlineRow(item, parent: parent(path), at: path, flat: flat)
                continue
            }
            writer.beginObject()
            writer.key("at")
            _writePath(path, flat: flat)
            writer.key("item")
            writeItem(item)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    /// A fresh outline section: `{"id", "content"?, "outline": true, "items": [row, …]}`, each
    /// row as in a fresh item without `at`. O(items).
    mutating func _writeOutlineRows(_ section: WireSnapshot.Section) {
        _ = _beginSection(section)
        writer.key("items")
        writer.beginArray()
        let parents = WireSnapshot._parents(of: section.items)
        for (item, parent) in zip(section.items, parents) {
            _writeOutlineRow(item, parent: parent, at: nil, flat: false)
        }
        writer.endArray()
        writer.endObject()
    }
}
