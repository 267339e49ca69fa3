import ListDiff
import ListDiffJSON

extension _WireEncoder {
    /// Writes a sequential changeset `{"operations": [op…]}` (see the module documentation).
    /// Flat lists get Android `ListUpdateCallback` names with plain indexes: `remove`, `insert`,
    /// `move`, `change` (with `"kind": "reload" | "reconfigure"`). O(size).
    mutating func writeSequential(_ changeset: SequentialChangeset, flat: Bool) {
        writer.beginObject()
        writer.key("operations")
        writer.beginArray()
        for operation in changeset.operations {
            writer.beginObject()
            switch operation {
            case .deleteSections(let at, let count): _writeRange("deleteSections", nil, at, count)
            case .insertSections(let at, let count): _writeRange("insertSections", nil, at, count)
            case .reloadSections(let at, let count): _writeRange("reloadSections", nil, at, count)
            case .moveSection(let from, let to):
                writer.key("op")
                writer.string("moveSection")
                writer.key("from")
                writer.int(from)
                writer.key("to")
                writer.int(to)
            case .deleteItems(let section, let at, let count):
                _writeRange(flat ? "remove" : "deleteItems", flat ? nil : section, at, count)
            case .insertItems(let section, let at, let count):
                _writeRange(flat ? "insert" : "insertItems", flat ? nil : section, at, count)
            case .reloadItems(let section, let at, let count):
                _writeChange(
                    flat ? "change" : "reloadItems", flat ? nil : section, at, count, kind: flat ? "reload" : nil)
            case .reconfigureItems(let section, let at, let count):
                _writeChange(
                    flat ? "change" : "reconfigureItems", flat ? nil : section, at, count,
                    kind: flat ? "reconfigure" : nil)
            case .moveItem(let from, let to):
                writer.key("op")
                writer.string(flat ? "move" : "moveItem")
                writer.key("from")
                _writePath(from, flat: flat)
                writer.key("to")
                _writePath(to, flat: flat)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    mutating func _writeRange(_ op: StaticString, _ section: Int?, _ at: Int, _ count: Int) {
        _writeChange(op, section, at, count, kind: nil)
    }

    mutating func _writeChange(_ op: StaticString, _ section: Int?, _ at: Int, _ count: Int, kind: StaticString?) {
        writer.key("op")
        _writeStatic(op)
        if let section {
            writer.key("section")
            writer.int(section)
        }
        writer.key("at")
        writer.int(at)
        writer.key("count")
        writer.int(count)
        if let kind {
            writer.key("kind")
            _writeStatic(kind)
        }
    }

    mutating func _writeStatic(_ text: StaticString) {
        writer.string(utf8: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
