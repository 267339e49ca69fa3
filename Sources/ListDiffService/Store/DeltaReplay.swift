import ListDiff
import ListDiffJSON

/// A snapshot being rewound: carried sections and items, and nil where an insert left a
/// placeholder to be filled from the delta's payload.
struct DeltaReplay {
    struct ReplaySection {
        /// The carried section (its items are in `items`), or nil for an inserted one.
        var section: WireSnapshot.Section?
        var items: [WireSnapshot.Item?]
    }

    var sections: [ReplaySection]

    init(_ snapshot: WireSnapshot) {
        sections = snapshot.sections.map { section in
            var carried = section
            carried.items = []
            return ReplaySection(section: carried, items: section.items.map { $0 })
        }
    }

    /// Applies the operations in order; indexes are those the engine produced for this very
    /// snapshot, so they are in bounds (checked anyway: a bad index skips the operation).
    mutating func replay(_ operations: [SequentialOperation]) {
        for operation in operations {
            switch operation {
            case .deleteSections(let at, let count):
                guard at >= 0, count >= 0, at + count <= sections.count else { continue }
                sections.removeSubrange(at..<at + count)
            case .insertSections(let at, let count):
                guard at >= 0, at <= sections.count, count > 0 else { continue }
                sections.insert(contentsOf: repeatElement(ReplaySection(section: nil, items: []), count: count), at: at)
            case .moveSection(let from, let to):
                guard sections.indices.contains(from) else { continue }
                let section = sections.remove(at: from)
                sections.insert(section, at: min(max(0, to), sections.count))
            case .deleteItems(let section, let at, let count):
                guard sections.indices.contains(section), at >= 0, count >= 0, at + count <= sections[section].items.count else { continue }
                sections[section].items.removeSubrange(at..<at + count)
            case .insertItems(let section, let at, let count):
                guard sections.indices.contains(section), at >= 0, at <= sections[section].items.count, count > 0 else { continue }
                sections[section].items.insert(contentsOf: repeatElement(nil, count: count), at: at)
            case .moveItem(let from, let to):
                guard sections.indices.contains(from.section), sections[from.section].items.indices.contains(from.item),
                      sections.indices.contains(to.section) else { continue }
                let item = sections[from.section].items.remove(at: from.item)
                sections[to.section].items.insert(item, at: min(max(0, to.item), sections[to.section].items.count))
            case .reloadSections, .reloadItems, .reconfigureItems:
                continue
            }
        }
    }
}
