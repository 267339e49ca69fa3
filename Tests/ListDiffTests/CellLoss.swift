import ListDiff

/// What a batch changeset throws away that the lists kept, counted stage by stage from the
/// outside: kept sections deleted and inserted again, and kept items that arrive fresh (an
/// item insert, or inside an inserted section) although the state before the stage holds
/// them — wherever they were, deleted sections included.
struct CellLoss: CustomStringConvertible {
    var sectionsReinserted = 0
    var itemsReinserted = 0
    /// Items present in both snapshots: what could be lost.
    var keptItems = 0

    struct Lost: Error, CustomStringConvertible {
        let description: String
    }

    /// Adds one changeset's counts; returns what this one lost.
    @discardableResult
    mutating func record<S, I, C>(
        stages: [(update: BatchUpdate, result: Snapshot<S, I, C>)], from old: Snapshot<S, I, C>,
        to new: Snapshot<S, I, C>
    ) -> (sections: Int, items: Int) {
        let before = (sectionsReinserted, itemsReinserted)
        let newItems = Set(new.itemIdentifiers)
        keptItems += old.itemIdentifiers.lazy.filter { newItems.contains($0) }.count
        var shown = old
        for stage in stages {
            let after = stage.result
            let surviving = Set(after.sectionIdentifiers)
            sectionsReinserted += stage.update.sectionDeletes.filter { surviving.contains(shown.sections[$0].id) }.count
            let fresh =
                stage.update.sectionInserts.flatMap { after.sections[$0].items.map(\.id) }
                + stage.update.itemInserts.map { after.sections[$0.section].items[$0.item].id }
            itemsReinserted += fresh.lazy.filter { shown.indexPathOfItem($0) != nil }.count
            shown = after
        }
        return (sectionsReinserted - before.0, itemsReinserted - before.1)
    }

    var description: String {
        "kept sections re-inserted \(sectionsReinserted), kept items turned into inserts \(itemsReinserted) of \(keptItems)"
    }
}
