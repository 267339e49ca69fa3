import ListDiff

extension JSONWriter {
    /// Writes a changeset's fresh elements: `{"sections": [{"at": i, "section": Section}],
    /// "items": [{"at": path, "item": Item}]}`, each as a snapshot writes it, in position
    /// order. Flat: `at` is the item index, and `sections` appears only when not empty.
    /// O(size of the elements + k log k) for k elements.
    public mutating func writeFreshElements(_ fresh: WireFreshElements, flat: Bool) {
        beginObject()
        if !flat || !fresh.sections.isEmpty {
            key("sections")
            beginArray()
            for index in fresh.sections.keys.sorted() {
                guard let section = fresh.sections[index] else { continue }
                beginObject()
                key("at")
                int(index)
                key("section")
                _writeSection(section)
                endObject()
            }
            endArray()
        }
        key("items")
        beginArray()
        for path in fresh.items.keys.sorted() {
            guard let item = fresh.items[path] else { continue }
            beginObject()
            key("at")
            _writePath(path, flat: flat)
            key("item")
            writeItem(item)
            endObject()
        }
        endArray()
        endObject()
    }
}
