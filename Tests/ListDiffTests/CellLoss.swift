import ListDiff

/// What a batch changeset throws away that the lists kept, counted stage by stage from the
/// outside: kept sections deleted and inserted again, and kept items that arrive fresh (an
/// item insert, or inside an inserted section) although the section they were in survives.
/// Items of deleted sections are not counted: R6 lets them only arrive fresh.
struct CellLoss: CustomStringConvertible {
    var sectionsReinserted = 0
    var itemsReinserted = 0
    /// Items present in both snapshots whose old section survives: what could be lost.
    var keptItems = 0

    struct Lost: Error, CustomStringConvertible {
        let description: String
    }

    /// Adds one changeset's counts; returns what this one lost.
    @discardableResult
    mutating func record<S, I, C>(
        stages: [(update: BatchUpdate, result: Snapshot<S, I, C>)], from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
    ) -> (sections: Int, items: Int) {
        let before = (sectionsReinserted, itemsReinserted)
        let newSections = Set(new.sectionIdentifiers)
        let newItems = Set(new.itemIdentifiers)
        for section in old.sections where newSections.contains(section.id) {
            keptItems += section.items.lazy.filter { newItems.contains($0.id) }.count
        }
        var shown = old
        for stage in stages {
            let after = stage.result
            let surviving = Set(after.sectionIdentifiers)
            sectionsReinserted += stage.update.sectionDeletes.filter { surviving.contains(shown.sections[$0].id) }.count
            let fresh = stage.update.sectionInserts.flatMap { after.sections[$0].items.map(\.id) }
                + stage.update.itemInserts.map { after.sections[$0.section].items[$0.item].id }
            for id in fresh {
                guard let from = shown.indexPathOfItem(id), surviving.contains(shown.sections[from.section].id) else { continue }
                itemsReinserted += 1
            }
            shown = after
        }
        return (sectionsReinserted - before.0, itemsReinserted - before.1)
    }

    var description: String {
        "kept sections re-inserted \(sectionsReinserted), kept items turned into inserts \(itemsReinserted) of \(keptItems)"
    }
}
