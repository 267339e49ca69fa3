extension Snapshot {
    /// A one-section snapshot of `outline`'s visible rows, each item's content its row's
    /// ``OutlineRow/diffContent``: diffing two of them gives the changeset a collection view
    /// showing the outline as a flat section needs (rows that appear or disappear are inserts
    /// and deletes, moved rows moves, rows whose content, level or disclosure changed updates).
    /// - Complexity: O(visible rows); identifiers are already unique, so none is hashed here.
    @inlinable
    public init<ItemContent>(section: SectionID, visibleRowsOf outline: Outline<ItemID, ItemContent>)
    where Content == OutlineRowContent<ItemContent> {
        // A traversal of its own (no rows, no parents) by index, so no item is copied, written
        // straight into an array sized by a first, cheaper pass: growing it spent its time in
        // copies, and appending costs a uniqueness check per row.
        let count = outline.visibleRowCount
        let rows = ContiguousArray<Item>(_initializingCapacity: count) { buffer, initialized in
            func visit(_ items: [Outline<ItemID, ItemContent>.Item], level: Int) {
                for index in items.indices where initialized < count {
                    let disclosure = OutlineRowContent<ItemContent>.Disclosure(
                        hasChildren: !items[index].children.isEmpty, isExpanded: items[index].isExpanded)
                    buffer.initializeElement(
                        at: initialized,
                        to: Item(
                            items[index].id,
                            content: OutlineRowContent(
                                content: items[index].content, level: level, disclosure: disclosure)))
                    initialized += 1
                    if disclosure == .expanded { visit(items[index].children, level: level + 1) }
                }
            }
            visit(outline.roots, level: 0)
        }
        self.init(_uncheckedUniqueSections: [Section(section, items: rows)])
    }
}
