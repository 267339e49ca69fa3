import ListDiff
import ListDiffJSON

extension JSONWriter {
    /// Writes an operations list `{"operations": [Op, …]}` as ``WireDecoder/operations(_:options:)``
    /// reads it (see the module documentation for each op's members). O(size).
    public mutating func writeOperations(_ operations: [WireOperation]) {
        beginObject()
        key("operations")
        beginArray()
        for operation in operations { writeOperation(operation) }
        endArray()
        endObject()
    }

    /// Writes one operation object. O(size).
    public mutating func writeOperation(_ operation: WireOperation) {
        beginObject()
        key("op")
        switch operation {
        case .snapshot(let operation):
            _writeSnapshotOperation(operation)
        case .appendChildren(let items, let parent):
            string("appendItems")
            _writeItems(items)
            _writeAnchor("parent", parent)
        case .replaceChildren(let parent, let items):
            string("replaceChildren")
            _writeAnchor("item", parent)
            _writeItems(items)
        case .expand(let ids):
            string("expand")
            _writeIDs("items", ids)
        case .collapse(let ids):
            string("collapse")
            _writeIDs("items", ids)
        }
        endObject()
    }

    /// The `op` value and members of an engine operation. O(size).
    mutating func _writeSnapshotOperation(_ operation: WireSnapshotOperation) {
        switch operation {
        case .appendSections(let sections):
            string("appendSections")
            _writeSections(sections)
        case .insertSectionsBefore(let sections, let anchor):
            string("insertSections")
            _writeSections(sections)
            _writeAnchor("before", anchor)
        case .insertSectionsAfter(let sections, let anchor):
            string("insertSections")
            _writeSections(sections)
            _writeAnchor("after", anchor)
        case .deleteSections(let ids):
            string("deleteSections")
            _writeIDs("sections", ids)
        case .moveSectionBefore(let id, let anchor):
            string("moveSection")
            _writeAnchor("section", id)
            _writeAnchor("before", anchor)
        case .moveSectionAfter(let id, let anchor):
            string("moveSection")
            _writeAnchor("section", id)
            _writeAnchor("after", anchor)
        case .reloadSections(let ids):
            string("reloadSections")
            _writeIDs("sections", ids)
        case .appendItems(let items, let section):
            string("appendItems")
            _writeItems(items)
            if let section { _writeAnchor("section", section) }
        case .insertItemsBefore(let items, let anchor):
            string("insertItems")
            _writeItems(items)
            _writeAnchor("before", anchor)
        case .insertItemsAfter(let items, let anchor):
            string("insertItems")
            _writeItems(items)
            _writeAnchor("after", anchor)
        case .deleteItems(let ids):
            string("deleteItems")
            _writeIDs("items", ids)
        case .deleteAllItems:
            string("deleteAllItems")
        case .moveItemBefore(let id, let anchor):
            string("moveItem")
            _writeAnchor("item", id)
            _writeAnchor("before", anchor)
        case .moveItemAfter(let id, let anchor):
            string("moveItem")
            _writeAnchor("item", id)
            _writeAnchor("after", anchor)
        case .reloadItems(let ids):
            string("reloadItems")
            _writeIDs("items", ids)
        case .reconfigureItems(let ids):
            string("reconfigureItems")
            _writeIDs("items", ids)
        }
    }

    mutating func _writeSections(_ sections: [WireSnapshot.Section]) {
        key("sections")
        beginArray()
        for section in sections { _writeSection(section) }
        endArray()
    }

    /// `"items": […]`, as trees when they bring children. O(size).
    mutating func _writeItems(_ items: [WireSnapshot.Item]) {
        key("items")
        beginArray()
        if WireSnapshot._firstNested(items) != nil {
            _writeOutlineItems(ContiguousArray(items))
        } else {
            for item in items { writeItem(item) }
        }
        endArray()
    }

    mutating func _writeIDs(_ name: StaticString, _ ids: [WireID]) {
        key(name)
        beginArray()
        for id in ids { writeID(id) }
        endArray()
    }

    mutating func _writeAnchor(_ name: StaticString, _ id: WireID) {
        key(name)
        writeID(id)
    }
}
