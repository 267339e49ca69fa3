extension BatchUpdateSimulator {
    /// Rebuilds the state as UIKit does (rule R11): fresh sections and the fixed slots
    /// (inserts, reload targets, move targets) are placed first; untouched old sections and
    /// items fill the remaining places in their old order. What `before` cannot supply —
    /// fresh sections and the items of fresh slots — comes from `freshSection` and
    /// `freshItem`, in the after state's coordinates.
    /// - Complexity: O(n + u) for n items and u operations, plus the closures' cost.
    @inlinable
    static func rebuild<S, I, C>(
        before: Snapshot<S, I, C>, sections: _SectionPlan, items: _ItemPlan, itemCounts: [Int],
        freshSection: (Int) throws(BatchUpdateViolation) -> Snapshot<S, I, C>.Section,
        freshItem: (ItemPath) throws(BatchUpdateViolation) -> Snapshot<S, I, C>.Item
    ) throws(BatchUpdateViolation) -> Snapshot<S, I, C> {
        var rebuilt = ContiguousArray<Snapshot<S, I, C>.Section>()
        rebuilt.reserveCapacity(sections.afterCount)
        // The plan's fixed slots and leaving items, each section's in order, are walked with
        // cursors beside the slots and the old items: looking each slot and each old item up in
        // hashed sets cost two hashes an item, most of a client's apply.
        for index in 0..<sections.afterCount {
            guard let source = sections.newToOld[index] else {
                rebuilt.append(try freshSection(index))
                continue
            }
            let old = before.sections[source]
            let fixed = items.fixedSlots[index] ?? []
            let leaving = items.leaving[source] ?? []
            var nextFixed = 0
            var nextLeaving = 0
            var nextOld = 0
            var section = Snapshot<S, I, C>.Section(old.id, content: old.content)
            section.items.reserveCapacity(itemCounts[index])
            var slot = 0
            while slot < itemCounts[index] {
                if nextFixed < fixed.count, fixed[nextFixed].slot == slot {
                    if let origin = fixed[nextFixed].origin {
                        section.items.append(before.sections[origin.section].items[origin.item])
                    } else {
                        section.items.append(try freshItem(ItemPath(section: index, item: slot)))
                    }
                    nextFixed += 1
                    slot += 1
                    continue
                }
                // The next old item that stays: leaving items are skipped in order.
                while nextLeaving < leaving.count, leaving[nextLeaving] == nextOld {
                    nextLeaving += 1
                    nextOld += 1
                }
                guard nextOld < old.items.count else {
                    throw BatchUpdateViolation(
                        .itemCount, sections: [index], "section \(index) runs out of items at \(slot) while rebuilding")
                }
                // Old items fill the slots up to the next fixed one, until the next leaving one:
                // one run, copied item by item (`append(contentsOf:)` copies through the
                // runtime's generic array copy, much slower for items that hold references).
                var run = min(itemCounts[index], nextFixed < fixed.count ? fixed[nextFixed].slot : Int.max) - slot
                run = min(run, (nextLeaving < leaving.count ? leaving[nextLeaving] : old.items.count) - nextOld)
                // Fixed slots and leaving items are distinct and sorted (the plan checks), so the
                // run holds at least the slot at hand; a plan that broke that is refused, not
                // looped on.
                guard run > 0 else {
                    throw BatchUpdateViolation(
                        .noDuplicates, sections: [index], "section \(index) claims slot \(slot) twice while rebuilding")
                }
                old.items.withUnsafeBufferPointer { oldItems in
                    for item in oldItems[nextOld..<(nextOld + run)] { section.items.append(item) }
                }
                nextOld += run
                slot += run
            }
            rebuilt.append(section)
        }
        return Snapshot(_uncheckedUniqueSections: rebuilt)
    }

    /// R11: the rebuilt state must hold the data source's identifiers in the data source's
    /// order. O(n).
    static func checkRebuild<S, I, C>(_ rebuilt: Snapshot<S, I, C>, matches target: Snapshot<S, I, C>)
        throws(BatchUpdateViolation)
    {
        for (index, (section, expected)) in zip(rebuilt.sections, target.sections).enumerated() {
            if section.id != expected.id {
                throw BatchUpdateViolation(
                    .rebuildMatchesTarget, sections: [index],
                    "section \(index) rebuilds as \"\(section.id)\" but the data source has \"\(expected.id)\" there")
            }
            for (slot, (item, wanted)) in zip(section.items, expected.items).enumerated() where item.id != wanted.id {
                let path = ItemPath(section: index, item: slot)
                throw BatchUpdateViolation(
                    .rebuildMatchesTarget, indexPaths: [path],
                    "the counts balance but the order is wrong: at \(path) the rebuilt list has \"\(item.id)\" where the target has \"\(wanted.id)\""
                )
            }
        }
    }
}
