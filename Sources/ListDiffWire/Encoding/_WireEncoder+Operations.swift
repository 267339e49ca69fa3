import ListDiff
import ListDiffJSON

extension _WireEncoder {
    /// Writes an operations list `{"operations": [Op, …]}` as ``WireDecoder/operations(_:options:)``
    /// reads it (see the module documentation for each op's members). O(size).
    mutating func writeOperations(_ operations: [WireOperation]) {
        writer.beginObject()
        writer.key("operations")
        writer.beginArray()
        for operation in operations { writeOperation(operation) }
        writer.endArray()
        writer.endObject()
    }

    /// Writes one operation object. O(size).
    mutating func writeOperation(_ operation: WireOperation) {
        writer.beginObject()
        writer.key("op")
        switch operation {
        case .snapshot(let operation):
            _writeSnapshotOperation(operation)
        case .appendChildren(let items, let parent):
            writer.string("appendItems")
            _writeItems(items)
            _writeAnchor("parent", parent)
        case .replaceChildren(let parent, let items):
            writer.string("replaceChildren")
            _writeAnchor("item", parent)
            _writeItems(items)
        case .expand(let ids):
            writer.string("expand")
            _writeIDs("items", ids)
        case .collapse(let ids):
            writer.string("collapse")
            _writeIDs("items", ids)
        }
        writer.endObject()
    }

    /// The `op` value and members of an engine operation. O(size).
    mutating func _writeSnapshotOperation(_ operation: WireSnapshotOperation) {
        switch operation {
        case .appendSections(let sections):
            writer.string("appendSections")
            _writeSections(sections)
        case .insertSectionsBefore(let sections, let anchor):
            writer.string("insertSections")
            _writeSections(sections)
            _writeAnchor("before", anchor)
        case .insertSectionsAfter(let sections, let anchor):
            writer.string("insertSections")
            _writeSections(sections)
            _writeAnchor("after", anchor)
        case .deleteSections(let ids):
            writer.string("deleteSections")
            _writeIDs("sections", ids)
        case .moveSectionBefore(let id, let anchor):
            writer.string("moveSection")
            _writeAnchor("section", id)
            _writeAnchor("before", anchor)
        case .moveSectionAfter(let id, let anchor):
            writer.string("moveSection")
            _writeAnchor("section", id)
            _writeAnchor("after", anchor)
        case .reloadSections(let ids):
            writer.string("reloadSections")
            _writeIDs("sections", ids)
        case .appendItems(let items, let section):
            writer.string("appendItems")
            _writeItems(items)
            if let section { _writeAnchor("section", section) }
        case .insertItemsBefore(let items, let anchor):
            writer.string("insertItems")
            _writeItems(items)
            _writeAnchor("before", anchor)
        case .insertItemsAfter(let items, let anchor):
            writer.string("insertItems")
            _writeItems(items)
            _writeAnchor("after", anchor)
        case .deleteItems(let ids):
            writer.string("deleteItems")
            _writeIDs("items", ids)
        case .deleteAllItems:
            writer.string("deleteAllItems")
        case .moveItemBefore(let id, let anchor):
            writer.string("moveItem")
            _writeAnchor("item", id)
            _writeAnchor("before", anchor)
        case .moveItemAfter(let id, let anchor):
            writer.string("moveItem")
            _writeAnchor("item", id)
            _writeAnchor("after", anchor)
        case .reloadItems(let ids):
            writer.string("reloadItems")
            _writeIDs("items", ids)
        case .reconfigureItems(let ids):
            writer.string("reconfigureItems")
            _writeIDs("items", ids)
        }
    }

    mutating func _writeSections(_ sections: [WireSnapshot.Section]) {
        writer.key("sections")
        writer.beginArray()
        for section in sections { _writeSection(section) }
        writer.endArray()
    }

    /// `"items": […]`, as trees when they bring children. O(size).
    mutating func _writeItems(_ items: [WireSnapshot.Item]) {
        writer.key("items")
        writer.beginArray()
        if WireSnapshot._firstNested(items) != nil {
            _writeOutlineItems(ContiguousArray(items))
        } else {
            for item in items { writeItem(item) }
        }
        writer.endArray()
    }

    mutating func _writeIDs(_ name: StaticString, _ ids: [WireID]) {
        writer.key(name)
        writer.beginArray()
        for id in ids { writeID(id) }
        writer.endArray()
    }

    mutating func _writeAnchor(_ name: StaticString, _ id: WireID) {
        writer.key(name)
        writeID(id)
    }
}
