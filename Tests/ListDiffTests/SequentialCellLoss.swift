import ListDiff

/// What a sequential changeset throws away that the lists kept, counted from the outside by
/// following identifiers through its operations: kept sections deleted, and kept items
/// deleted — wherever they were, deleted sections included. A kept item that is deleted can
/// only come back as an insert, a new cell: Android's `ListUpdateCallback` loses its state.
///
/// It also sorts the kept items that leave deleted sections by where they go — a kept
/// section that stays in place, one the changeset moves, an inserted one — and counts the
/// cases of each, and of kept items entering inserted sections from kept ones, so a generator
/// that stopped making one kind cannot go unnoticed.
struct SequentialCellLoss: CustomStringConvertible {
    var sectionsDeleted = 0
    var itemsDeleted = 0
    /// Items present in both snapshots: what could be lost.
    var keptItems = 0
    /// Cases with kept items leaving a deleted section for a kept section in place, a moved
    /// one, an inserted one; and with kept items of kept sections entering inserted ones.
    var leavingForStaying = 0, leavingForMoved = 0, leavingForInserted = 0, enteringInserted = 0

    /// Adds one changeset's counts; returns what this one lost. Operations out of bounds are
    /// skipped (``SequentialReplayer`` reports them).
    @discardableResult
    mutating func record<S, I, C>(
        _ changeset: SequentialChangeset, from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
    ) -> (sections: Int, items: Int) {
        let newSections = Set(new.sectionIdentifiers)
        let newItems = Set(new.itemIdentifiers)
        keptItems += old.itemIdentifiers.lazy.filter { newItems.contains($0) }.count
        // Identifiers where known: inserted sections (nil) hold items moved into them, at the
        // end since their fresh items are not followed.
        var state: [(id: S?, items: [I?])] = old.sections.map { ($0.id, $0.items.map(\.id)) }
        var moved = Set<S>()
        var lost = (sections: 0, items: 0)
        func drop(_ items: some Sequence<I?>) {
            lost.items += items.lazy.filter { $0.map(newItems.contains) ?? false }.count
        }
        for operation in changeset.operations {
            switch operation {
            case .deleteSections(let at, let count):
                guard at >= 0, count >= 0, at + count <= state.count else { break }
                for section in state[at..<(at + count)] {
                    if let id = section.id, newSections.contains(id) { lost.sections += 1 }
                    drop(section.items)
                }
                state.removeSubrange(at..<(at + count))
            case .insertSections(let at, let count):
                guard at >= 0, count >= 0, at <= state.count else { break }
                state.insert(contentsOf: repeatElement((id: S?.none, items: [I?]()), count: count), at: at)
            case .moveSection(let from, let to):
                guard state.indices.contains(from) else { break }
                let section = state.remove(at: from)
                guard to >= 0, to <= state.count else { break }
                if let id = section.id { moved.insert(id) }
                state.insert(section, at: to)
            case .deleteItems(let section, let at, let count):
                guard state.indices.contains(section), at >= 0, count >= 0, at + count <= state[section].items.count
                else { break }
                drop(state[section].items[at..<(at + count)])
                state[section].items.removeSubrange(at..<(at + count))
            case .insertItems(let section, let at, let count):
                guard state.indices.contains(section), at >= 0, count >= 0, at <= state[section].items.count else {
                    break
                }
                state[section].items.insert(contentsOf: repeatElement(nil, count: count), at: at)
            case .moveItem(let from, let to):
                guard state.indices.contains(from.section), state[from.section].items.indices.contains(from.item),
                    state.indices.contains(to.section)
                else { break }
                let item = state[from.section].items.remove(at: from.item)
                state[to.section].items.insert(item, at: min(max(to.item, 0), state[to.section].items.count))
            case .reloadSections, .reloadItems, .reconfigureItems:
                continue
            }
        }
        sectionsDeleted += lost.sections
        itemsDeleted += lost.items
        recordDestinations(from: old, to: new, moved: moved)
        return lost
    }

    mutating func recordDestinations<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>, moved: Set<S>) {
        let newSections = Set(new.sectionIdentifiers)
        var destinations = (staying: false, moved: false, inserted: false)
        for section in old.sections where !newSections.contains(section.id) {
            for item in section.items {
                guard let path = new.indexPathOfItem(item.id) else { continue }
                let destination = new.sections[path.section].id
                if old.indexOfSection(destination) == nil {
                    destinations.inserted = true
                } else if moved.contains(destination) {
                    destinations.moved = true
                } else {
                    destinations.staying = true
                }
            }
        }
        if destinations.staying { leavingForStaying += 1 }
        if destinations.moved { leavingForMoved += 1 }
        if destinations.inserted { leavingForInserted += 1 }
        let oldSections = Set(old.sectionIdentifiers)
        let entering = new.sections.contains { section in
            !oldSections.contains(section.id)
                && section.items.contains {
                    old.indexPathOfItem($0.id).map { newSections.contains(old.sections[$0.section].id) } ?? false
                }
        }
        if entering { enteringInserted += 1 }
    }

    var description: String {
        "kept sections deleted \(sectionsDeleted), kept items deleted and inserted anew \(itemsDeleted) of \(keptItems); cases with kept items leaving a deleted section "
            + "for a section in place \(leavingForStaying), for a moved one \(leavingForMoved), for an inserted one \(leavingForInserted); "
            + "with kept items of kept sections entering inserted ones \(enteringInserted)"
    }
}
