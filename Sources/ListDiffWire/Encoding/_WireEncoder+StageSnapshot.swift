import ListDiff
import ListDiffJSON

extension _WireEncoder {
    /// Writes the snapshot a batch stage leaves (every stage but the last carries one): what the
    /// data source shows once that stage is done, which is exactly what the next stage indexes.
    /// Flat: the items as a bare array. Sectioned: `{"sections": […]}`, a flat section as a
    /// snapshot writes it and an outline section as its visible rows, `{"id", "content"?,
    /// "outline": true, "rows": [{"item", "level", "hasChildren", "expanded"}, …]}`: half-way
    /// through a change the rows need not form a tree (a stage moves visible rows, and a hidden
    /// subtree has no place of its own), so each row says its own level and disclosure. No
    /// marks: reloads and reconfigures come after the last stage. Read by
    /// ``WireDecoder/batchChangeset(_:flat:options:)``. O(size).
    mutating func _writeStageSnapshot(_ snapshot: WireSnapshot, flat: Bool) {
        if flat {
            _writeAllItems(snapshot)
            return
        }
        writer.beginObject()
        writer.key("sections")
        writer.beginArray()
        for section in snapshot.sections {
            guard section.content?.isOutline == true else {
                _writeSection(section)
                continue
            }
            _ = _beginSection(section)
            writer.key("rows")
            writer.beginArray()
            for row in section.items { _writeOutlineRow(row, parent: nil, at: nil, flat: false) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
