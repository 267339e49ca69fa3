import ListDiff

/// What one sequential `op` means and which members it takes, all of them required (bits over
/// `_WireDecoder.sequentialMembers`: op, section, at, count, from, to, kind). Both the
/// sectioned names and Android's flat ones are understood whichever form is read.
internal struct _SequentialShape {
    enum Meaning {
        case deleteSections, insertSections, reloadSections, moveSection
        case deleteItems, insertItems, reloadItems, reconfigureItems, moveItem
    }

    let name: String
    let meaning: Meaning
    let members: UInt32

    private static let op: UInt32 = 1 << 0
    private static let range: UInt32 = op | 1 << 2 | 1 << 3
    private static let sectionRange: UInt32 = range | 1 << 1
    private static let move: UInt32 = op | 1 << 4 | 1 << 5

    /// The shape of `op` (with `kind` for `change`), or nil for an unknown one. O(1).
    init?(op: String, kind: String) {
        name = op
        switch op {
        case "deleteSections": (meaning, members) = (.deleteSections, Self.range)
        case "insertSections": (meaning, members) = (.insertSections, Self.range)
        case "reloadSections": (meaning, members) = (.reloadSections, Self.range)
        case "moveSection": (meaning, members) = (.moveSection, Self.move)
        case "deleteItems": (meaning, members) = (.deleteItems, Self.sectionRange)
        case "insertItems": (meaning, members) = (.insertItems, Self.sectionRange)
        case "reloadItems": (meaning, members) = (.reloadItems, Self.sectionRange)
        case "reconfigureItems": (meaning, members) = (.reconfigureItems, Self.sectionRange)
        case "remove": (meaning, members) = (.deleteItems, Self.range)
        case "insert": (meaning, members) = (.insertItems, Self.range)
        case "change" where kind == "reload": (meaning, members) = (.reloadItems, Self.range | 1 << 6)
        case "change" where kind == "reconfigure": (meaning, members) = (.reconfigureItems, Self.range | 1 << 6)
        case "moveItem", "move": (meaning, members) = (.moveItem, Self.move)
        default: return nil
        }
    }

    /// Whether `from`/`to` are item positions (index paths in the sectioned form).
    var movesItem: Bool { meaning == .moveItem }

    func operation(section: Int, at: Int, count: Int, from: ItemPath, to: ItemPath) -> SequentialOperation {
        switch meaning {
        case .deleteSections: .deleteSections(at: at, count: count)
        case .insertSections: .insertSections(at: at, count: count)
        case .reloadSections: .reloadSections(at: at, count: count)
        case .moveSection: .moveSection(from: from.item, to: to.item)
        case .deleteItems: .deleteItems(section: section, at: at, count: count)
        case .insertItems: .insertItems(section: section, at: at, count: count)
        case .reloadItems: .reloadItems(section: section, at: at, count: count)
        case .reconfigureItems: .reconfigureItems(section: section, at: at, count: count)
        case .moveItem: .moveItem(from: from, to: to)
        }
    }
}
