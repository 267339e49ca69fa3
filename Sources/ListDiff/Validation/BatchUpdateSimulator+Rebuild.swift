extension BatchUpdateSimulator {
    /// R11: rebuild the state as UIKit does and require it to match the data source. Fresh
    /// sections and the fixed slots (inserts, reload targets, move targets) are placed first;
    /// untouched old sections and items fill the remaining places in their old order.
    static func rebuild<S, I, C>(
        before: Snapshot<S, I, C>, after: Snapshot<S, I, C>, sections: _SectionPlan, items: _ItemPlan
    ) throws(BatchUpdateViolation) -> Snapshot<S, I, C> {
        var rebuilt = ContiguousArray<Snapshot<S, I, C>.Section>()
        rebuilt.reserveCapacity(after.sections.count)
        for (index, target) in after.sections.enumerated() {
            guard let source = sections.newToOld[index] else {
                rebuilt.append(target)
                continue
            }
            let old = before.sections[source]
            if old.id != target.id {
                throw BatchUpdateViolation(.rebuildMatchesTarget, sections: [index], "section \(index) rebuilds as \"\(old.id)\" but the data source has \"\(target.id)\" there")
            }
            let fixed = items.fixedSlots[index] ?? [:]
            var untouched = old.items.indices.lazy.filter { !items.leaving.contains(IndexPath(section: source, item: $0)) }.makeIterator()
            var section = Snapshot<S, I, C>.Section(old.id, content: old.content)
            section.items.reserveCapacity(target.items.count)
            for slot in target.items.indices {
                let item: Snapshot<S, I, C>.Item
                if let entry = fixed[slot] {
                    item = entry.map { before.sections[$0.section].items[$0.item] } ?? target.items[slot]
                } else if let next = untouched.next() {
                    item = old.items[next]
                } else {
                    throw BatchUpdateViolation(.itemCount, sections: [index], "section \(index) runs out of items at \(slot) while rebuilding")
                }
                if item.id != target.items[slot].id {
                    let path = IndexPath(section: index, item: slot)
                    throw BatchUpdateViolation(.rebuildMatchesTarget, indexPaths: [path], "the counts balance but the order is wrong: at \(path) the rebuilt list has \"\(item.id)\" where the target has \"\(target.items[slot].id)\"")
                }
                section.items.append(item)
            }
            rebuilt.append(section)
        }
        return Snapshot(uncheckedUniqueSections: rebuilt)
    }
}
