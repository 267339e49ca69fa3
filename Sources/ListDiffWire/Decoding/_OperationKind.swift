import ListDiffJSON

/// The `op` names of the operations list and the members each one takes.
internal enum _OperationKind: CaseIterable {
    case appendSections, insertSections, deleteSections, moveSection, reloadSections
    case appendItems, insertItems, deleteItems, deleteAllItems, moveItem, reloadItems, reconfigureItems
    case replaceChildren, expand, collapse

    /// The operation's `op` value.
    var name: StaticString {
        switch self {
        case .appendSections: "appendSections"
        case .insertSections: "insertSections"
        case .deleteSections: "deleteSections"
        case .moveSection: "moveSection"
        case .reloadSections: "reloadSections"
        case .appendItems: "appendItems"
        case .insertItems: "insertItems"
        case .deleteItems: "deleteItems"
        case .deleteAllItems: "deleteAllItems"
        case .moveItem: "moveItem"
        case .reloadItems: "reloadItems"
        case .reconfigureItems: "reconfigureItems"
        case .replaceChildren: "replaceChildren"
        case .expand: "expand"
        case .collapse: "collapse"
        }
    }

    /// The members the operation takes besides `op`, as bits of
    /// ``_WireDecoder/operationMembers`` (sections 1, section 2, items 3, item 4, before 5, after 6,
    /// parent 7).
    var allowed: UInt32 {
        switch self {
        case .appendSections: 1 << 1
        case .insertSections: 1 << 1 | 1 << 5 | 1 << 6
        case .deleteSections, .reloadSections: 1 << 1
        case .moveSection: 1 << 2 | 1 << 5 | 1 << 6
        case .appendItems: 1 << 3 | 1 << 2 | 1 << 7
        case .insertItems: 1 << 3 | 1 << 5 | 1 << 6
        case .deleteItems, .reloadItems, .reconfigureItems, .expand, .collapse: 1 << 3
        case .replaceChildren: 1 << 4 | 1 << 3
        case .deleteAllItems: 0
        case .moveItem: 1 << 4 | 1 << 5 | 1 << 6
        }
    }

    /// The members the operation requires (one of `before`/`after` is checked separately).
    var required: UInt32 {
        switch self {
        case .appendItems: 1 << 3
        case .insertSections, .insertItems, .moveSection, .moveItem: allowed & ~(1 << 5 | 1 << 6)
        default: allowed
        }
    }

    /// Whether the operation takes exactly one of `before`/`after`.
    var isRelative: Bool { allowed & (1 << 5) != 0 }

    /// Every operation's name, for suggestions.
    static var names: [String] { allCases.map { "\($0.name)" } }

    /// The operation named `name`, if any. O(operations × name length).
    static func named(_ name: JSONString) -> _OperationKind? {
        allCases.first { name == $0.name }
    }

    /// Every `op` name, quoted, for error messages.
    static var phrase: String { allCases.map { "\"\($0.name)\"" }.joined(separator: ", ") }
}
