import ListDiff
import ListDiffJSON

/// The members of one operation object as read, before the `op` decides what they mean.
internal struct _OperationParts {
    var kind: _OperationKind?
    var offsets = [Int](repeating: 0, count: 8)
    var sections: [WireSnapshot.Section] = []
    var sectionIDs: [WireID] = []
    var items: [WireSnapshot.Item] = []
    var section: WireID?
    var item: WireID?
    var before: WireID?
    var after: WireID?
    var parent: WireID?
    var firstSectionObject: (offset: Int, index: Int)?
    var firstSectionID: (offset: Int, index: Int)?
    var firstItemObject: (offset: Int, index: Int)?

    /// The operation, or an error naming the member that does not fit the `op`. O(elements).
    func operation(seen: UInt32, objectStart start: Int, pointer: JSONPointer, decoder: _WireDecoder)
        throws(JSONReadError) -> WireOperation
    {
        let names = _WireDecoder.operationMembers
        guard let kind else {
            throw decoder.missing("op", in: "an operation", objectStart: start)
        }
        let extra = seen & ~1 & ~kind.allowed
        if extra != 0, decoder.unknownMembers == .reject {
            let member = extra.trailingZeroBitCount
            let takes = _MemberSet(names, allowed: kind.allowed | 1)
            throw decoder.reader.error(
                .schemaViolation, at: offsets[member], pointer: pointer.appending(key: "\(names[member])"),
                expected: "only the members \"\(kind.name)\" takes: \(takes.phrase)",
                found: "\"\(names[member])\"\(_WireDecoder.didYouMean("\(names[member])", takes.allowedNames))")
        }
        let absent = kind.required & ~seen
        if absent != 0 {
            let member = absent.trailingZeroBitCount
            throw decoder.reader.error(
                .schemaViolation, at: start, pointer: pointer,
                expected: "a \"\(names[member])\" member for \"\(kind.name)\"", found: "none")
        }
        if kind.isRelative, (before == nil) == (after == nil) {
            throw decoder.reader.error(
                .schemaViolation, at: start, pointer: pointer,
                expected: "exactly one of \"before\" and \"after\" for \"\(kind.name)\"",
                found: before == nil ? "neither" : "both")
        }
        if kind == .appendItems, section != nil, parent != nil {
            throw decoder.reader.error(
                .schemaViolation, at: offsets[7], pointer: pointer.appending(key: "parent"),
                expected: "at most one of \"section\" and \"parent\" for \"appendItems\"", found: "both")
        }
        switch kind {
        case .appendSections, .insertSections:
            if let (offset, index) = firstSectionID {
                throw wrongElement(
                    offset, pointer, "sections", index, "a section object {\"id\": …, \"items\": […]}", "an identifier",
                    decoder)
            }
        case .deleteSections, .reloadSections:
            if let (offset, index) = firstSectionObject {
                throw wrongElement(offset, pointer, "sections", index, "a section identifier", "an object", decoder)
            }
        case .deleteItems, .reloadItems, .reconfigureItems, .expand, .collapse:
            if let (offset, index) = firstItemObject {
                throw wrongElement(offset, pointer, "items", index, "an item identifier", "an object", decoder)
            }
        default:
            break
        }
        return build(kind)
    }

    func wrongElement(
        _ offset: Int, _ pointer: JSONPointer, _ member: String, _ index: Int, _ expected: String,
        _ found: String, _ decoder: _WireDecoder
    ) -> JSONReadError {
        decoder.reader.error(
            .typeMismatch, at: offset, pointer: pointer.appending(key: member).appending(index: index),
            expected: expected, found: found)
    }

    /// The engine operation; members were checked against `kind`. O(elements).
    func build(_ kind: _OperationKind) -> WireOperation {
        let anchor = before ?? after ?? WireID.flatSection
        let isAfter = before == nil
        switch kind {
        case .appendSections: return .snapshot(.appendSections(sections))
        case .insertSections:
            return .snapshot(isAfter ? .insertSectionsAfter(sections, anchor) : .insertSectionsBefore(sections, anchor))
        case .deleteSections: return .snapshot(.deleteSections(sectionIDs))
        case .moveSection:
            let id = section ?? WireID.flatSection
            return .snapshot(isAfter ? .moveSectionAfter(id, anchor) : .moveSectionBefore(id, anchor))
        case .reloadSections: return .snapshot(.reloadSections(sectionIDs))
        case .appendItems:
            if let parent { return .appendChildren(items, parent: parent) }
            return .snapshot(.appendItems(items, toSection: section))
        case .insertItems:
            return .snapshot(isAfter ? .insertItemsAfter(items, anchor) : .insertItemsBefore(items, anchor))
        case .deleteItems: return .snapshot(.deleteItems(items.map(\.id)))
        case .deleteAllItems: return .snapshot(.deleteAllItems)
        case .moveItem:
            let id = item ?? WireID.flatSection
            return .snapshot(isAfter ? .moveItemAfter(id, anchor) : .moveItemBefore(id, anchor))
        case .reloadItems: return .snapshot(.reloadItems(items.map(\.id)))
        case .reconfigureItems: return .snapshot(.reconfigureItems(items.map(\.id)))
        case .replaceChildren: return .replaceChildren(of: item ?? WireID.flatSection, with: items)
        case .expand: return .expand(items.map(\.id))
        case .collapse: return .collapse(items.map(\.id))
        }
    }
}
