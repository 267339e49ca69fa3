@_spi(Unchecked) import ListDiff
import ListDiffWire

/// What turns a snapshot back into the version before it, stored instead of that version: the
/// older snapshot described as runs copied from the newer one (a section's items are runs of
/// consecutive newer items, from any section, or runs of inserted items), plus what the newer
/// snapshot cannot supply — the sections and items only the older one has (in its order) and
/// the content it had for carried elements. Everything is kept packed, so its size grows with
/// the change, not with the snapshot: keeping K versions costs little more than one. Made and
/// applied in O(n): a reordered list costs one run per moved item, not one array shift.
struct ReverseDelta: Sendable {
    /// Per older section: a carried section (newer index, then its runs) or an inserted one;
    /// LEB128 varints (see ``Plan``).
    private var plan: [UInt8]
    /// Sections only the older snapshot has, whole, in its order.
    private var insertedSections: PackedSnapshot
    /// Items only the older snapshot has in carried sections, in its order (one section).
    private var insertedItems: PackedSnapshot
    /// Older content of carried sections and items, by position in the older snapshot.
    private var sectionContents: [(index: Int, content: WireContent?)] = []
    private var itemContents: [(path: ItemPath, content: WireContent?)] = []
    /// Estimated bytes held; a delta never changes once made.
    let bytes: Int

    /// The delta from `newer` back to `older`. O(n): every identifier of both is hashed once.
    init(from newer: WireSnapshot, to older: WireSnapshot) {
        var newerSections = [WireID: Int](minimumCapacity: newer.sections.count)
        for (index, section) in newer.sections.enumerated() { newerSections[section.id] = index }
        var newerItems = [WireID: (section: Int32, item: Int32)](minimumCapacity: newer.numberOfItems)
        for (sectionIndex, section) in newer.sections.enumerated() {
            for (itemIndex, item) in section.items.enumerated() {
                newerItems[item.id] = (Int32(sectionIndex), Int32(itemIndex))
            }
        }
        var plan = Plan()
        var sections = ContiguousArray<WireSnapshot.Section>()
        var items = ContiguousArray<WireSnapshot.Item>()
        var sectionContents: [(index: Int, content: WireContent?)] = []
        var itemContents: [(path: ItemPath, content: WireContent?)] = []
        var runs: [Run] = []
        for (olderIndex, section) in older.sections.enumerated() {
            guard let source = newerSections[section.id] else {
                plan.append(Plan.insertedSection)
                sections.append(section)
                continue
            }
            if newer.sections[source].content != section.content {
                sectionContents.append((olderIndex, section.content))
            }
            runs.removeAll(keepingCapacity: true)
            for (itemIndex, item) in section.items.enumerated() {
                guard let at = newerItems[item.id] else {
                    items.append(item)
                    if let last = runs.last, last.isInsert {
                        runs[runs.count - 1].count += 1
                    } else {
                        runs.append(Run(isInsert: true, section: 0, start: 0, count: 1))
                    }
                    continue
                }
                let (fromSection, fromItem) = (Int(at.section), Int(at.item))
                if newer.sections[fromSection].items[fromItem].content != item.content {
                    itemContents.append((ItemPath(section: olderIndex, item: itemIndex), item.content))
                }
                if let last = runs.last, !last.isInsert, last.section == fromSection,
                    last.start + last.count == fromItem
                {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(Run(isInsert: false, section: fromSection, start: fromItem, count: 1))
                }
            }
            plan.append(Plan.carriedSection)
            plan.append(source)
            plan.append(runs.count)
            for run in runs {
                plan.append(run.count << 1 | (run.isInsert ? 1 : 0))
                if !run.isInsert {
                    plan.append(run.section)
                    plan.append(run.start)
                }
            }
        }
        // Exact capacity: a delta is kept for as long as its version is.
        var exact: [UInt8] = []
        exact.reserveCapacity(plan.bytes.count)
        exact.append(contentsOf: plan.bytes)
        self.plan = exact
        insertedSections = PackedSnapshot(WireSnapshot(uncheckedUniqueSections: sections))
        insertedItems =
            items.isEmpty
            ? PackedSnapshot()
            : PackedSnapshot(
                WireSnapshot(uncheckedUniqueSections: [WireSnapshot.Section(WireID.flatSection, items: items)]))
        // Copied out of the older version's shared buffer, which must not be kept alive.
        let kept = WireContent.compacted(sectionContents.compactMap(\.content) + itemContents.compactMap(\.content))
        var copies = kept.makeIterator()
        self.sectionContents = sectionContents.map { ($0.index, $0.content == nil ? nil : copies.next()) }
        self.itemContents = itemContents.map { ($0.path, $0.content == nil ? nil : copies.next()) }
        bytes =
            self.plan.count + insertedSections.bytes + insertedItems.bytes
            + (sectionContents.count + itemContents.count) * 32
            + kept.reduce(0) { $0 + 48 + $1.withUnsafeJSON { $0.count } + ($1.kind?.utf8.count ?? 0) }
    }

    /// The older snapshot, rebuilt from `newer` (the version this delta was made from). O(n).
    func apply(to newer: WireSnapshot) -> WireSnapshot {
        var reader = Plan.Reader(bytes: plan)
        var sectionPayload = insertedSections.snapshot().sections.makeIterator()
        var itemPayload = (insertedItems.snapshot().sections.first?.items ?? []).makeIterator()
        var result = ContiguousArray<WireSnapshot.Section>()
        while let tag = reader.next() {
            guard tag == Plan.carriedSection else {
                if let inserted = sectionPayload.next() { result.append(inserted) }
                continue
            }
            let source = reader.next() ?? 0
            let runCount = reader.next() ?? 0
            var section =
                newer.sections.indices.contains(source)
                ? newer.sections[source] : WireSnapshot.Section(WireID.flatSection)
            section.items = []
            for _ in 0..<runCount {
                let header = reader.next() ?? 0
                let count = header >> 1
                if header & 1 == 1 {
                    for _ in 0..<count { if let item = itemPayload.next() { section.items.append(item) } }
                    continue
                }
                let (from, start) = (reader.next() ?? 0, reader.next() ?? 0)
                // Made from this very snapshot, so in bounds; checked anyway.
                guard newer.sections.indices.contains(from), start + count <= newer.sections[from].items.count else {
                    continue
                }
                section.items.append(contentsOf: newer.sections[from].items[start..<start + count])
            }
            result.append(section)
        }
        for (index, content) in sectionContents where index < result.count { result[index].content = content }
        for (path, content) in itemContents
        where path.section < result.count && path.item < result[path.section].items.count {
            result[path.section].items[path.item].content = content
        }
        return WireSnapshot(uncheckedUniqueSections: result)
    }

    /// A run of an older section's items: `count` newer items from `start` of `section`, or
    /// `count` inserted ones.
    private struct Run {
        var isInsert: Bool
        var section: Int
        var start: Int
        var count: Int
    }

    /// Non-negative integers as LEB128 varints: a few bytes each instead of a word.
    private struct Plan {
        static let insertedSection = 0
        static let carriedSection = 1
        var bytes: [UInt8] = []

        mutating func append(_ value: Int) {
            var rest = UInt(max(0, value))
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        struct Reader {
            let bytes: [UInt8]
            var position = 0

            /// The next value, or nil at the end. O(1).
            mutating func next() -> Int? {
                var value = 0
                var shift = 0
                while position < bytes.count, shift < 63 {
                    let byte = bytes[position]
                    position += 1
                    value |= Int(byte & 0x7F) << shift
                    if byte & 0x80 == 0 { return value }
                    shift += 7
                }
                return nil
            }
        }
    }
}
