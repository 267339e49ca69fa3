/// What a batch changeset brings that the state before it cannot supply: the whole of each
/// section it inserts or reloads, and each item it inserts, reloads or reconfigures, keyed by
/// position in the state after it. With these, a client that holds only the old list can
/// apply the changeset itself (``BatchUpdateSimulator/apply(_:to:fresh:)``); the service
/// sends them as a changeset's `values`.
public struct BatchFreshElements<
    SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Content: Equatable & Sendable
>: Sendable {
    public typealias Section = Snapshot<SectionID, ItemID, Content>.Section
    public typealias Item = Snapshot<SectionID, ItemID, Content>.Item

    /// Sections by index after the change, each with all its items.
    public var sections: [Int: Section]
    /// Items by index path after the change.
    public var items: [ItemPath: Item]

    public init(sections: [Int: Section] = [:], items: [ItemPath: Item] = [:]) {
        self.sections = sections
        self.items = items
    }

    /// The elements of `new` that `changeset` needs from outside the state before it: the
    /// sections and items its last stage inserts or reloads, and those its content updates
    /// name. Earlier stages carry their whole result (``SectionedDiff/Stage/result``).
    /// - Complexity: O(k) for k such elements, plus the items of those sections.
    public init(of changeset: BatchChangeset, in new: Snapshot<SectionID, ItemID, Content>) {
        var sections: [Int: Section] = [:]
        var items: [ItemPath: Item] = [:]
        func addSection(_ index: Int) {
            if index >= 0, index < new.sections.count { sections[index] = new.sections[index] }
        }
        func addItem(_ path: ItemPath) {
            guard path.section >= 0, path.section < new.sections.count, path.item >= 0,
                path.item < new.sections[path.section].items.count
            else { return }
            items[path] = new.sections[path.section].items[path.item]
        }
        if let last = changeset.stages.last {
            last.sectionInserts.forEach(addSection)
            for section in last.sectionReloads {
                addSection(_SectionPlan.shifted(section, deletes: last.sectionDeletes, inserts: last.sectionInserts))
            }
            last.itemInserts.forEach(addItem)
            let before = new.sections.count - last.sectionInserts.count + last.sectionDeletes.count
            if !last.itemReloads.isEmpty, let plan = try? _SectionPlan(last, before: before, after: new.sections.count)
            {
                last.itemReloads.compactMap { _ItemPlan.reloadTarget(of: $0, in: last, sections: plan) }.forEach(
                    addItem)
            }
        }
        changeset.updates.sectionReloads.forEach(addSection)
        changeset.updates.itemReloads.forEach(addItem)
        changeset.updates.itemReconfigures.forEach(addItem)
        self.init(sections: sections, items: items)
    }
}
