extension Snapshot {
    /// A one-section snapshot of `outline`'s visible rows, each item's content its row's
    /// ``OutlineRow/diffContent``: diffing two of them gives the changeset a collection view
    /// showing the outline as a flat section needs (rows that appear or disappear are inserts
    /// and deletes, moved rows moves, rows whose content, level or disclosure changed updates).
    /// - Complexity: O(visible rows); identifiers are already unique, so none is hashed here.
    public init<ItemContent>(section: SectionID, visibleRowsOf outline: Outline<ItemID, ItemContent>)
    where Content == OutlineRowContent<ItemContent> {
        let items = ContiguousArray(outline.visibleRows.map { Item($0.id, content: $0.diffContent) })
        self.init(_uncheckedUniqueSections: [Section(section, items: items)])
    }
}
