import ListDiff

/// The members of one operation object as read, before the `op` decides what they mean.
internal struct _OperationParts {
    var kind: _OperationKind?
    var offsets = [Int](repeating: 0, count: 7)
    var sections: [WireSnapshot.Section] = []
    var sectionIDs: [WireID] = []
    var items: [WireSnapshot.Item] = []
    var section: WireID?
    var item: WireID?
    var before: WireID?
    var after: WireID?
    var firstSectionObject: (offset: Int, index: Int)?
    var firstSectionID: (offset: Int, index: Int)?
    var firstItemObject: (offset: Int, index: Int)?

    /// The operation, or an error naming the member that does not fit the `op`. O(elements).
    func operation(seen: UInt32, objectStart start: Int, pointer: JSONPointer, decoder: _WireDecoder) throws(JSONReadError) -> WireOperation {
        let names = _WireDecoder.operationMembers
        guard let kind else {
            throw decoder.missing("op", in: "an operation", objectStart: start)
        }
        let extra = seen & ~1 & ~kind.allowed
        if extra != 0, decoder.unknownMembers == .reject {
            let member = extra.trailingZeroBitCount
            throw decoder.reader.error(.schemaViolation, at: offsets[member], pointer: pointer.appending(key: "\(names[member])"),
                                       expected: "only the members \"\(kind.name)\" takes", found: "\"\(names[member])\"")
        }
        let absent = kind.required & ~seen
        if absent != 0 {
            let member = absent.trailingZeroBitCount
            throw decoder.reader.error(.schemaViolation, at: start, pointer: pointer,
                                       expected: "a \"\(names[member])\" member for \"\(kind.name)\"", found: "none")
        }
        if kind.isRelative, (before == nil) == (after == nil) {
            throw decoder.reader.error(.schemaViolation, at: start, pointer: pointer,
                                       expected: "exactly one of \"before\" and \"after\" for \"\(kind.name)\"",
                                       found: before == nil ? "neither" : "both")
        }
        switch kind {
        case .appendSections, .insertSections:
            if let (offset, index) = firstSectionID {
                throw wrongElement(offset, pointer, "sections", index, "a section object {\"id\": …, \"items\": […]}", "an identifier", decoder)
            }
        case .deleteSections, .reloadSections:
            if let (offset, index) = firstSectionObject {
                throw wrongElement(offset, pointer, "sections", index, "a section identifier", "an object", decoder)
            }
        case .deleteItems, .reloadItems, .reconfigureItems:
            if let (offset, index) = firstItemObject {
                throw wrongElement(offset, pointer, "items", index, "an item identifier", "an object", decoder)
            }
        default:
            break
        }
        return build(kind)
    }

    func wrongElement(_ offset: Int, _ pointer: JSONPointer, _ member: String, _ index: Int, _ expected: String,
                      _ found: String, _ decoder: _WireDecoder) -> JSONReadError {
        decoder.reader.error(.typeMismatch, at: offset, pointer: pointer.appending(key: member).appending(index: index),
                             expected: expected, found: found)
    }

    /// The engine operation; members were checked against `kind`. O(elements).
    func build(_ kind: _OperationKind) -> WireOperation {
        let anchor = before ?? after ?? WireID.flatSection
        let isAfter = before == nil
        switch kind {
        case .appendSections: return .appendSections(sections)
        case .insertSections: return isAfter ? .insertSectionsAfter(sections, anchor) : .insertSectionsBefore(sections, anchor)
        case .deleteSections: return .deleteSections(sectionIDs)
        case .moveSection:
            let id = section ?? WireID.flatSection
            return isAfter ? .moveSectionAfter(id, anchor) : .moveSectionBefore(id, anchor)
        case .reloadSections: return .reloadSections(sectionIDs)
        case .appendItems: return .appendItems(items, toSection: section)
        case .insertItems: return isAfter ? .insertItemsAfter(items, anchor) : .insertItemsBefore(items, anchor)
        case .deleteItems: return .deleteItems(items.map(\.id))
        case .deleteAllItems: return .deleteAllItems
        case .moveItem:
            let id = item ?? WireID.flatSection
            return isAfter ? .moveItemAfter(id, anchor) : .moveItemBefore(id, anchor)
        case .reloadItems: return .reloadItems(items.map(\.id))
        case .reconfigureItems: return .reconfigureItems(items.map(\.id))
        }
    }
}
