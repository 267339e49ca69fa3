extension Snapshot {
    /// The same snapshot with more marks: those of `reloaded`, `reconfigured` and
    /// `reloadedSections` that name an item or section it holds. Others are dropped: an element
    /// gone since it was marked asks for nothing, and the diff refuses marks it cannot find. An
    /// item both reloaded and reconfigured (here or already) is reloaded, as the diff would
    /// report it anyway. Marks gathered from elsewhere (other versions of a stored snapshot,
    /// a snapshot over other sections) go on through this, so they never name what is not here.
    ///
    /// - Complexity: O(sections) without item marks; O(n) with them (each item is looked up
    ///   among the marked ones, not every identifier hashed into a map of the snapshot).
    @_spi(Unchecked)
    public func addingHeldMarks(
        reloading reloaded: Set<ItemID>, reconfiguring reconfigured: Set<ItemID>,
        reloadingSections sections: Set<SectionID>
    ) -> Snapshot {
        var result = self
        if !reloaded.isEmpty || !reconfigured.isEmpty {
            for section in self.sections {
                for item in section.items {
                    if reloaded.contains(item.id) {
                        result.reloadedItems.insert(item.id)
                    } else if reconfigured.contains(item.id) {
                        result.reconfiguredItems.insert(item.id)
                    }
                }
            }
            if !result.reloadedItems.isEmpty, !result.reconfiguredItems.isEmpty {
                result.reconfiguredItems.subtract(result.reloadedItems)
            }
        }
        for id in sections where _position(ofSection: id) != nil { result.reloadedSections.insert(id) }
        return result
    }
}
