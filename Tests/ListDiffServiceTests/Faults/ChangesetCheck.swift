import ListDiff
import ListDiffWire

/// Checks one changeset answer as a client would use it: applied to the content the client held
/// at `from`, it must give the content the server holds at `to` — the batch form through
/// ``BatchUpdateSimulator`` (each stage's snapshot as its data source, then with `values` the
/// way a client holding only its copy applies it), the sequential form through
/// ``SequentialReplayer`` — over the visible rows, so outline sections are checked as a
/// collection view shows them. Marks the writes made in the range must show as updates.
enum ChangesetCheck {
    /// What a check saw, for the run's tally of feature combinations.
    struct Seen {
        var stages = 0
        var marksChecked = false
    }

    /// - Complexity: O(n · k) for n rows and k operations (the replayers are meant for tests).
    static func check(
        _ changeset: WireChangeset, fresh: WireFreshElements?, from old: WireSnapshot, to new: WireSnapshot,
        marks: ExpectedMarks
    ) throws -> Seen {
        let oldRows = old.visibleRows
        let newRows = new.visibleRows
        switch changeset {
        case .sequential(let operations):
            try SequentialReplayer.replay(operations, from: oldRows, to: newRows)
            return Seen()
        case .batch(let batch):
            let stages = batch.changeset.stages
            guard batch.intermediateSnapshots.count == max(stages.count - 1, 0) else {
                throw FaultFailure(
                    description: "\(stages.count) stages with \(batch.intermediateSnapshots.count) stage snapshots")
            }
            let results = batch.intermediateSnapshots + [newRows]
            try BatchUpdateSimulator.verify(
                stages: zip(stages, results).map { (update: $0, result: $1) }, updates: batch.changeset.updates,
                from: oldRows,
                to: newRows)
            if let fresh { try replay(batch, fresh: fresh, from: oldRows, to: newRows) }
            let checked = try checkMarks(batch.changeset, marks, from: oldRows, to: newRows)
            return Seen(stages: stages.count, marksChecked: checked)
        }
    }

    /// Applies the batch as a client holding only its copy does: stage snapshots for the stages
    /// before the last, the values for the last and the updates.
    static func replay(
        _ batch: WireBatchDocument, fresh: WireFreshElements, from old: WireSnapshot, to new: WireSnapshot
    )
        throws
    {
        var state = old
        let stages = batch.changeset.stages
        for (index, update) in stages.enumerated() {
            state =
                index < stages.count - 1
                ? try BatchUpdateSimulator.apply(update, to: state, dataSource: batch.intermediateSnapshots[index])
                : try BatchUpdateSimulator.apply(update, to: state, fresh: fresh)
        }
        state = try BatchUpdateSimulator.applyUpdates(batch.changeset.updates, to: state, fresh: fresh)
        guard state == new else {
            throw FaultFailure(description: "applied with its values, the changeset leaves \(state)")
        }
    }

    /// Every marked item the follower had and still has shows as an update (a reload mark as a
    /// reload), or its section is reloaded; every marked section it had and has is reloaded.
    /// Answers whether there was any such mark to check.
    static func checkMarks(
        _ changeset: BatchChangeset, _ marks: ExpectedMarks, from old: WireSnapshot, to new: WireSnapshot
    )
        throws -> Bool
    {
        guard !marks.isEmpty else { return false }
        let oldItems = Set(old.sections.flatMap { $0.items.map(\.id.string) })
        let oldSections = Set(old.sections.map(\.id.string))
        var sectionOf: [String: String] = [:]
        for section in new.sections { for item in section.items { sectionOf[item.id.string] = section.id.string } }
        func ids(_ paths: [ItemPath]) -> Set<String> {
            Set(paths.map { new.sections[$0.section].items[$0.item].id.string })
        }
        let updates = changeset.updates
        let reloadedSections = Set(updates.sectionReloads.map { new.sections[$0].id.string })
        let reloads = ids(updates.itemReloads)
        let updated = reloads.union(ids(updates.itemReconfigures))
        var checked = false
        for (wanted, shown, what) in [
            (marks.reloaded, reloads, "reload"), (marks.reconfigured.subtracting(marks.reloaded), updated, "update")
        ] {
            for id in wanted where oldItems.contains(id) {
                guard let section = sectionOf[id] else { continue }
                checked = true
                guard shown.contains(id) || reloadedSections.contains(section) else {
                    throw FaultFailure(description: "item \(id), marked, shows no \(what): \(updates)")
                }
            }
        }
        for id in marks.sections where oldSections.contains(id) && new.sections.contains(where: { $0.id.string == id })
        {
            checked = true
            guard reloadedSections.contains(id) else {
                throw FaultFailure(description: "section \(id), marked, is not reloaded: \(updates)")
            }
        }
        return checked
    }
}
