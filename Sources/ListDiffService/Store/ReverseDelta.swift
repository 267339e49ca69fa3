@_spi(Unchecked) import ListDiff
import ListDiffJSON

/// What turns a snapshot back into the version before it, stored instead of that version:
/// the engine's sequential operations from the newer to the older snapshot, plus what those
/// operations cannot carry — the sections and items they insert (in the older snapshot's
/// order) and the content the older snapshot had for carried elements. Its size grows with
/// the change, not with the snapshot, so keeping K versions costs little more than one.
struct ReverseDelta: Sendable {
    private var operations: [SequentialOperation]
    /// Sections the operations insert, whole, in the order their placeholders end up.
    private var insertedSections: [WireSnapshot.Section]
    /// Items the operations insert into carried sections, in the order their placeholders end up.
    private var insertedItems: [WireSnapshot.Item]
    /// Older content of carried sections and items, by position in the older snapshot.
    private var sectionContents: [(index: Int, content: WireContent?)]
    private var itemContents: [(path: IndexPath, content: WireContent?)]

    /// Estimated bytes held. O(1).
    private(set) var bytes: Int

    /// The delta from `newer` back to `older`. O(diff + operations × section length).
    init(from newer: WireSnapshot, to older: WireSnapshot) throws(SectionedDiffError<WireID, WireID>) {
        operations = try SectionedDiff(from: newer, to: older).sequential.operations
        var state = _DeltaState(newer)
        state.replay(operations)
        insertedSections = []
        insertedItems = []
        sectionContents = []
        itemContents = []
        for (sectionIndex, (replayed, target)) in zip(state.sections, older.sections).enumerated() {
            guard let carried = replayed.section else {
                insertedSections.append(target)
                continue
            }
            if carried.content != target.content { sectionContents.append((sectionIndex, target.content)) }
            for (itemIndex, (item, targetItem)) in zip(replayed.items, target.items).enumerated() {
                guard let item else {
                    insertedItems.append(targetItem)
                    continue
                }
                if item.content != targetItem.content {
                    itemContents.append((IndexPath(section: sectionIndex, item: itemIndex), targetItem.content))
                }
            }
        }
        // Copy what the delta keeps out of the older snapshot's shared buffers, so that a kept
        // delta does not keep the whole older version alive.
        insertedSections = insertedSections.map { WireSnapshot(uncheckedUniqueSections: [$0]).compacted().sections[0] }
        if !insertedItems.isEmpty {
            insertedItems = WireSnapshot(uncheckedUniqueSections: [WireSnapshot.Section(WireID.flatSection, items: ContiguousArray(insertedItems))])
                .compacted().sections[0].items.map { $0 }
        }
        let kept = WireContent.compacted((sectionContents.compactMap(\.content)) + itemContents.compactMap(\.content))
        var copies = kept.makeIterator()
        sectionContents = sectionContents.map { ($0.index, $0.content == nil ? nil : copies.next()) }
        itemContents = itemContents.map { ($0.path, $0.content == nil ? nil : copies.next()) }
        let itemStride = MemoryLayout<WireSnapshot.Item>.stride
        bytes = operations.count * MemoryLayout<SequentialOperation>.stride
            + insertedSections.reduce(0) { $0 + 64 + $1.items.count * itemStride }
            + insertedItems.count * itemStride + (sectionContents.count + itemContents.count) * 48
            + kept.reduce(0) { $0 + $1.json.count }
    }

    /// The older snapshot, rebuilt from `newer`. O(operations × section length + size).
    func apply(to newer: WireSnapshot) -> WireSnapshot {
        var state = _DeltaState(newer)
        state.replay(operations)
        var sectionPayload = insertedSections.makeIterator()
        var itemPayload = insertedItems.makeIterator()
        var result = ContiguousArray<WireSnapshot.Section>()
        result.reserveCapacity(state.sections.count)
        for replayed in state.sections {
            guard var section = replayed.section else {
                if let inserted = sectionPayload.next() { result.append(inserted) }
                continue
            }
            section.items = ContiguousArray(replayed.items.compactMap { $0 ?? itemPayload.next() })
            result.append(section)
        }
        for (index, content) in sectionContents where index < result.count { result[index].content = content }
        for (path, content) in itemContents where path.section < result.count && path.item < result[path.section].items.count {
            result[path.section].items[path.item].content = content
        }
        return WireSnapshot(uncheckedUniqueSections: result)
    }
}

/// A snapshot being rewound: carried sections and items, and nil where an insert left a
/// placeholder to be filled from the delta's payload.
struct _DeltaState {
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
