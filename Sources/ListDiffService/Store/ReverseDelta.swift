@_spi(Unchecked) import ListDiff
import ListDiffJSON

/// What turns a snapshot back into the version before it, stored instead of that version:
/// the engine's sequential operations from the newer to the older snapshot, plus what those
/// operations cannot carry — the sections and items they insert (in the older snapshot's
/// order) and the content the older snapshot had for carried elements. Everything is kept
/// packed, so its size grows with the change, not with the snapshot: keeping K versions
/// costs little more than one.
struct ReverseDelta: Sendable {
    private var operations: PackedOperations
    /// Sections the operations insert, whole, in the order their placeholders end up.
    private var insertedSections: PackedSnapshot
    /// Items the operations insert into carried sections, in the order their placeholders
    /// end up (one section holding them all).
    private var insertedItems: PackedSnapshot
    /// Older content of carried sections and items, by position in the older snapshot.
    private var sectionContents: [(index: Int, content: WireContent?)] = []
    private var itemContents: [(path: IndexPath, content: WireContent?)] = []
    /// Estimated bytes held; a delta never changes once made.
    let bytes: Int

    /// The delta from `newer` back to `older`. O(diff + operations × section length).
    init(from newer: WireSnapshot, to older: WireSnapshot) throws(SectionedDiffError<WireID, WireID>) {
        let sequential = try SectionedDiff(from: newer, to: older).sequential.operations
        var state = DeltaReplay(newer)
        state.replay(sequential)
        var sections = ContiguousArray<WireSnapshot.Section>()
        var items = ContiguousArray<WireSnapshot.Item>()
        var sectionContents: [(index: Int, content: WireContent?)] = []
        var itemContents: [(path: IndexPath, content: WireContent?)] = []
        for (sectionIndex, (replayed, target)) in zip(state.sections, older.sections).enumerated() {
            guard let carried = replayed.section else {
                sections.append(target)
                continue
            }
            if carried.content != target.content { sectionContents.append((sectionIndex, target.content)) }
            for (itemIndex, (item, targetItem)) in zip(replayed.items, target.items).enumerated() {
                guard let item else {
                    items.append(targetItem)
                    continue
                }
                if item.content != targetItem.content {
                    itemContents.append((IndexPath(section: sectionIndex, item: itemIndex), targetItem.content))
                }
            }
        }
        operations = PackedOperations(sequential)
        insertedSections = PackedSnapshot(WireSnapshot(uncheckedUniqueSections: sections))
        insertedItems = items.isEmpty ? PackedSnapshot()
            : PackedSnapshot(WireSnapshot(uncheckedUniqueSections: [WireSnapshot.Section(WireID.flatSection, items: items)]))
        // Copied out of the older version's shared buffer, which must not be kept alive.
        let kept = WireContent.compacted(sectionContents.compactMap(\.content) + itemContents.compactMap(\.content))
        var copies = kept.makeIterator()
        self.sectionContents = sectionContents.map { ($0.index, $0.content == nil ? nil : copies.next()) }
        self.itemContents = itemContents.map { ($0.path, $0.content == nil ? nil : copies.next()) }
        bytes = operations.byteCount + insertedSections.bytes + insertedItems.bytes
            + (sectionContents.count + itemContents.count) * 32
            + kept.reduce(0) { $0 + 48 + $1.withUnsafeJSON { $0.count } }
    }

    /// The older snapshot, rebuilt from `newer`. O(operations × section length + size).
    func apply(to newer: WireSnapshot) -> WireSnapshot {
        var state = DeltaReplay(newer)
        state.replay(operations.operations)
        var sectionPayload = insertedSections.snapshot().sections.makeIterator()
        var itemPayload = (insertedItems.snapshot().sections.first?.items ?? []).makeIterator()
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
