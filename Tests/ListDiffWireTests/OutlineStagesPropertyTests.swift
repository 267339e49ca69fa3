import Foundation
import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

/// Changesets between seeded random snapshots that mix outline and flat sections, made so that
/// they take more than one stage: sections move while items cross them, deleted sections hold
/// outline items, items move between outline and flat sections, parents expand and collapse and
/// sections flip their `outline` flag in the same change, and items are marked. Each answer
/// (`changes` with values, and the sequential form) is checked whole and parsed by Foundation
/// first; every stage's snapshot, read by Foundation, must be exactly the rows the engine's next
/// stage indexes (ids, levels, disclosure); and both forms, read back by our decoder, must
/// replay to the new visible rows (the batch form through the batch-update simulator, content
/// included; the sequential form through ``SequentialReplayer``). The run counts each feature
/// combination it made and fails if one became rare.
/// `LISTDIFF_PROPERTY_CASES` (default 5,000) and `LISTDIFF_OUTLINE_STAGES_SEED` (one case).
@Suite(.ownThreads) struct OutlineStagesPropertyTests {
    typealias Node = StagedSnapshotGenerator.Node
    typealias Section = StagedSnapshotGenerator.Section
    typealias Generator = StagedSnapshotGenerator

    static var seeds: [UInt64] {
        if let seed = TestRun.seed("LISTDIFF_OUTLINE_STAGES_SEED") { return [seed] }
        let cases = TestRun.cases("LISTDIFF_PROPERTY_CASES", default: 5_000)
        return (0..<UInt64(cases)).map { $0 &* 0x9E37_79B9_7F4A_7C15 &+ 0x51A6 }
    }

    /// What a case reached, summed over the run: each feature combination the issue names must
    /// be made, or the run says so.
    struct Counts: CustomStringConvertible {
        var cases = 0
        var multiStage = 0
        var outlineStageSnapshots = 0
        var flips = 0
        var deletedSectionsHoldingKeptOutlineItems = 0
        var outlineFlatCrossings = 0
        var expandedAndCollapsed = 0
        var marked = 0
        var markedMultiStageOutline = 0

        /// Counts what the pair `old` → `new` holds.
        mutating func note(_ old: [Section], _ new: [Section], marked isMarked: Bool, stages: Int, outlineStage: Bool) {
            func places(_ sections: [Section]) -> [String: (section: String, outline: Bool, expanded: Bool)] {
                var places: [String: (String, Bool, Bool)] = [:]
                func walk(_ nodes: [Node], _ section: Section) {
                    for node in nodes {
                        places[node.id] = (section.id, section.isOutline, node.isExpanded)
                        walk(node.children, section)
                    }
                }
                for section in sections { walk(section.items, section) }
                return places
            }
            let before = places(old)
            let after = places(new)
            let newSections = Set(new.map(\.id))
            let kept = before.filter { after[$0.key] != nil }
            cases += 1
            if stages > 1 { multiStage += 1 }
            if outlineStage { outlineStageSnapshots += 1 }
            if kept.contains(where: { !newSections.contains($0.value.section) && $0.value.outline }) {
                deletedSectionsHoldingKeptOutlineItems += 1
            }
            if kept.contains(where: { after[$0.key]?.outline != $0.value.outline }) { outlineFlatCrossings += 1 }
            if kept.contains(where: {
                $0.value.outline && after[$0.key]?.outline == true && after[$0.key]?.expanded != $0.value.expanded
            }) {
                expandedAndCollapsed += 1
            }
            let oldOutlines = Set(old.filter(\.isOutline).map(\.id))
            if new.contains(where: { section in
                old.contains { $0.id == section.id } && oldOutlines.contains(section.id) != section.isOutline
            }) {
                flips += 1
            }
            if isMarked { marked += 1 }
            if isMarked, outlineStage { markedMultiStageOutline += 1 }
        }

        var description: String {
            "\(cases) cases passed; \(multiStage) with more than one stage, \(outlineStageSnapshots) whose stage snapshots hold an outline section (\(markedMultiStageOutline) of them marked); \(deletedSectionsHoldingKeptOutlineItems) with a deleted section holding kept outline items, \(outlineFlatCrossings) with items crossing between outline and flat sections, \(expandedAndCollapsed) expanding or collapsing kept parents, \(flips) flipping a section's outline flag, \(marked) with marks"
        }

        /// Every combination reached at least once in `per` cases.
        func expectEveryCombination(per cases: Int) {
            for (name, count) in [
                ("multi-stage", multiStage), ("outline stage snapshots", outlineStageSnapshots),
                ("marked multi-stage outlines", markedMultiStageOutline),
                ("deleted sections holding kept outline items", deletedSectionsHoldingKeptOutlineItems),
                ("outline/flat crossings", outlineFlatCrossings),
                ("expand and collapse", expandedAndCollapsed), ("flips", flips), ("marks", marked)
            ] {
                #expect(
                    count * cases >= self.cases, "the generator made \(name) in only \(count) of \(self.cases) cases")
            }
        }
    }

    @Test func everyStagesSnapshotIsValidJSONAndTheRowsTheNextStageIndexes() throws {
        var counts = Counts()
        for seed in Self.seeds {
            var generator = Generator(random: SplitMix64(seed: seed))
            let oldSections = generator.snapshot()
            let newSections = generator.next(after: oldSections)
            let oldJSON = generator.json(oldSections, marked: false)
            let newJSON = generator.json(newSections, marked: true)
            do {
                let made = try Self.check(
                    old: oldJSON, new: newJSON,
                    options: DiffOptions(contentUpdates: generator.chance(50) ? .reconfigure : .reload))
                counts.note(
                    oldSections, newSections, marked: newJSON.contains("\"re"), stages: made.stages,
                    outlineStage: made.outlineStage)
            } catch {
                Issue.record(
                    "seed \(seed) (rerun with LISTDIFF_OUTLINE_STAGES_SEED=\(seed)): \(error)\nold: \(oldJSON)\nnew: \(newJSON)"
                )
                return
            }
        }
        print("outline stages: \(counts)")
        if Self.seeds.count >= 1_000 { counts.expectEveryCombination(per: 200) }
    }

    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    /// Checks one pair; answers how many stages its changeset took and whether a stage's
    /// snapshot held an outline section.
    static func check(old oldJSON: String, new newJSON: String, options: DiffOptions) throws -> (
        stages: Int, outlineStage: Bool
    ) {
        let old = try WireDecoder.snapshot(Array(oldJSON.utf8)).snapshot.visibleRows
        let new = try WireDecoder.snapshot(Array(newJSON.utf8)).snapshot.visibleRows
        let diff = try WireDiff(from: old, to: new, options: options)
        let staged = diff.stagedBatch
        try BatchUpdateSimulator.verify(
            stages: staged.stages.map { ($0.update, $0.result) }, updates: staged.updates, from: old, to: new)
        // `written` checks each document whole and parses it with Foundation before we read it.
        let batch = WireChangeset(diff, sequential: false)
        let body = written(
            WireEncoder.changes(
                from: "e.1", to: "e.2", digest: "d", changeset: batch, fresh: batch.freshElements(in: diff.new),
                rows: diff.new, flat: false))
        let sequential = written(
            WireEncoder.changes(
                from: "e.1", to: "e.2", digest: "d", changeset: WireChangeset(diff, sequential: true), fresh: nil,
                rows: diff.new, flat: false))
        _ = written(WireEncoder.changeset(batch, flat: false))
        guard case .changes(_, let read, _) = try WireDecoder.changes(sequential, sequential: true).body,
            let operations = read.sequential
        else {
            throw Mismatch(description: "not a sequential changeset")
        }
        try SequentialReplayer.replay(operations, from: old, to: new)
        let parsed = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        let stages = (parsed?["changeset"] as? [String: Any])?["stages"] as? [[String: Any]] ?? []
        guard stages.count == staged.stages.count else {
            throw Mismatch(description: "\(stages.count) stages written, \(staged.stages.count) made")
        }
        var outlineStage = false
        for (index, stage) in stages.enumerated() {
            let isLast = index == stages.count - 1
            guard let snapshot = stage["snapshot"] as? [String: Any] else {
                if isLast { continue }
                throw Mismatch(description: "stage \(index) of \(stages.count) carries no snapshot")
            }
            guard !isLast else { throw Mismatch(description: "the last stage carries a snapshot") }
            if try Self.compare(snapshot, with: staged.stages[index].result, stage: index) { outlineStage = true }
        }
        try replay(body, from: old, to: new)
        return (stages.count, outlineStage)
    }

    /// Compares a stage's snapshot as Foundation read it with the engine's stage result; answers
    /// whether it held an outline section.
    static func compare(_ written: [String: Any], with result: WireSnapshot, stage: Int) throws -> Bool {
        let sections = written["sections"] as? [[String: Any]] ?? []
        guard written.count == 1, sections.count == result.sections.count else {
            throw Mismatch(
                description:
                    "stage \(stage)'s snapshot: \(written.keys.sorted()) with \(sections.count) sections; the stage leaves \(result.sections.count)"
            )
        }
        var hadOutline = false
        for (section, expected) in zip(sections, result.sections) {
            guard section["id"] as? String == expected.id.string else {
                throw Mismatch(
                    description: "stage \(stage): section \(section["id"] ?? "?") where \(expected.id.string) is")
            }
            let isOutline = expected.content?.isOutline == true
            guard isOutline else {
                let ids = (section["items"] as? [Any] ?? []).map(itemID)
                guard section["rows"] == nil, ids == expected.items.map(\.id.string) else {
                    throw Mismatch(description: "stage \(stage): flat section \(expected.id.string) holds \(ids)")
                }
                continue
            }
            hadOutline = true
            guard section["outline"] as? Bool == true, section["items"] == nil,
                let rows = section["rows"] as? [[String: Any]], rows.count == expected.items.count
            else {
                throw Mismatch(
                    description:
                        "stage \(stage): outline section \(expected.id.string) is not its \(expected.items.count) rows: \(section)"
                )
            }
            for (row, item) in zip(rows, expected.items) {
                let written = [
                    itemID(row["item"] ?? ""), (row["level"] as? Int).map(String.init) ?? "absent",
                    (row["hasChildren"] as? Bool).map(String.init) ?? "absent",
                    (row["expanded"] as? Bool).map(String.init) ?? "absent"
                ]
                let placement = [
                    item.id.string, String(item.content?.outlineDepth ?? 0), String(item.content?.hasChildren == true),
                    String(item.content?.isExpanded == true)
                ]
                guard written == placement else {
                    throw Mismatch(
                        description: "stage \(stage): row \(written) where the next stage indexes \(placement)")
                }
            }
        }
        return hadOutline
    }

    static func itemID(_ value: Any) -> String {
        if let object = value as? [String: Any] { return object["id"] as? String ?? "?" }
        return value as? String ?? "?"
    }

    /// Reads the answer back as a client does and applies it stage by stage — each stage's
    /// snapshot as its data source, the values for the last — then the updates: the state must
    /// be the new visible rows exactly.
    static func replay(_ body: [UInt8], from old: WireSnapshot, to new: WireSnapshot) throws {
        let document = try WireDecoder.changes(body, sequential: false)
        guard case .changes(_, let changeset, let fresh) = document.body, let batch = changeset.batch else {
            throw Mismatch(description: "not a batch changeset with values")
        }
        var state = old
        for (index, update) in batch.changeset.stages.enumerated() {
            if index < batch.changeset.stages.count - 1 {
                state = try BatchUpdateSimulator.apply(
                    update, to: state, dataSource: batch.intermediateSnapshots[index])
            } else {
                state = try BatchUpdateSimulator.apply(update, to: state, fresh: fresh ?? WireFreshElements())
            }
        }
        state = try BatchUpdateSimulator.applyUpdates(
            batch.changeset.updates, to: state, fresh: fresh ?? WireFreshElements())
        // Marks are asks, not state: the sections alone must match.
        guard try WireSnapshot(sections: state.sections) == WireSnapshot(sections: new.sections) else {
            throw Mismatch(description: "the replayed state is not the new rows")
        }
    }
}
