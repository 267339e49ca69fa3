import Foundation
import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import ListDiffWire
import Testing

@testable import ListDiffClient

/// The logic the Apple helpers forward: index conversion for batch calls, and row edits for
/// tables that apply edits one by one, driven through the engine's simulator and replayer.
@Suite(.ownThreads) struct ViewUpdateTests {
    static let seeds: [UInt64] = Array(1...200)

    /// Two consecutive random lists and the plan between them, as the mirror builds it.
    func plan(seed: UInt64) throws -> ViewUpdatePlan {
        var lists = RandomLists(seed: seed)
        let old = try lists.next().snapshot
        let new = try lists.next().snapshot
        let staged = try WireDiff(from: old, to: new).stagedBatch
        let document = WireBatchDocument(
            changeset: staged.changeset, intermediateSnapshots: staged.stages.dropLast().map(\.result))
        return try ViewUpdatePlan(applying: document, fresh: WireFreshElements(of: staged.changeset, in: new), to: old)
    }

    @Test(arguments: seeds) func platformBatchesRoundTripThroughTheSimulator(seed: UInt64) throws {
        let plan = try plan(seed: seed)
        var state = plan.previous
        for stage in plan.stages {
            let platform = PlatformBatch(stage.update)
            #expect(platform.deletedItems.allSatisfy { $0.count == 2 })
            #expect(platform.batchUpdate == stage.update, "seed \(seed)")
            state = try BatchUpdateSimulator.apply(platform.batchUpdate, to: state, dataSource: stage.snapshot)
        }
        let updates = PlatformBatch(plan.updates)
        #expect(updates.contentUpdates == plan.updates, "seed \(seed)")
        try BatchUpdateSimulator.verify(
            stages: plan.stages.map { (PlatformBatch($0.update).batchUpdate, $0.snapshot) },
            updates: updates.contentUpdates, from: plan.previous, to: plan.final)
    }

    @Test func indexPathsAreSectionThenItem() {
        let update = BatchUpdate(
            itemInserts: [ItemPath(section: 2, item: 7)],
            itemMoves: [ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 3, item: 4))])
        let platform = PlatformBatch(update)
        #expect(platform.insertedItems == [Foundation.IndexPath(indexes: [2, 7])])
        #expect(platform.movedItems.map(\.to) == [Foundation.IndexPath(indexes: [3, 4])])
    }

    @Test(arguments: seeds) func rowEditsReplayToTheFinalRows(seed: UInt64) throws {
        let plan = try plan(seed: seed)
        let rows = { (snapshot: WireSnapshot) in snapshot.sections.flatMap { $0.items } }
        var current = rows(plan.previous).map(\.id)
        var reloaded = IndexSet()
        var moves = 0
        for edit in try RowEdit.edits(from: plan.previous, to: plan.final) {
            switch edit {
            case .remove(let indexes): for index in indexes.reversed() { current.remove(at: index) }
            case .insert(let indexes):
                let final = rows(plan.final)
                for index in indexes { current.insert(final[index].id, at: index) }
            case .move(let from, let to):
                current.insert(current.remove(at: from), at: to)
                moves += 1
            case .reload(let indexes): reloaded.formUnion(indexes)
            }
        }
        let final = rows(plan.final)
        let old = Dictionary(uniqueKeysWithValues: rows(plan.previous).map { ($0.id, $0.content) })
        #expect(current == final.map(\.id), "seed \(seed)")
        for (index, item) in final.enumerated() where old[item.id].map({ $0 != item.content }) == true {
            #expect(reloaded.contains(index), "seed \(seed): row \(index) changed content but is not reloaded")
        }
        #expect(moves <= final.count)
    }

    /// What every batch-updating Apple helper does, with the view's calls recorded: a reload
    /// plan shows the final snapshot and reloads, nothing more.
    @MainActor @Test func aReloadPlanReloadsTheWholeView() throws {
        let copy = try SnapshotBuilder(items: ["a", "b"]).snapshot
        var calls: [String] = []
        var shown: [WireSnapshot] = []
        ViewUpdatePlan(reloading: copy, previous: WireSnapshot()).performBatches(
            setSnapshot: { shown.append($0) }, reload: { calls.append("reload") },
            performBatch: { _, _ in calls.append("batch") }, applyStage: { _ in calls.append("stage") },
            applyUpdates: { _ in calls.append("updates") }, completion: { calls.append("completion \($0)") })
        #expect(shown == [copy])
        #expect(calls == ["reload", "completion true"])
    }

    /// Any other plan: one batch a stage, each showing its stage's snapshot before its calls,
    /// then one for the content updates against the final snapshot, which alone carries the
    /// completion; what the view is handed replays through the simulator to the final snapshot.
    @MainActor @Test(arguments: Array(seeds.prefix(40))) func anAnimatedPlanRunsOneBatchAStageThenTheUpdates(
        seed: UInt64
    ) throws {
        let plan = try plan(seed: seed)
        var calls: [String] = []
        var shown: [WireSnapshot] = []
        var stages: [PlatformBatch] = []
        var updates: [PlatformBatch] = []
        plan.performBatches(
            setSnapshot: {
                shown.append($0)
                calls.append("show")
            },
            reload: { calls.append("reload") },
            performBatch: { block, completion in
                calls.append(completion == nil ? "batch" : "last batch")
                block()
                completion?(true)
            },
            applyStage: {
                stages.append($0)
                calls.append("stage")
            },
            applyUpdates: {
                updates.append($0)
                calls.append("updates")
            },
            completion: { calls.append("completion \($0)") })
        let eachStage = ["batch", "show", "stage"]
        #expect(
            calls == Array(repeatElement(eachStage, count: plan.stages.count).joined())
                + ["last batch", "show", "updates", "completion true"], "seed \(seed)")
        #expect(shown == plan.stages.map(\.snapshot) + [plan.final], "seed \(seed)")
        #expect(updates.count == 1)
        try BatchUpdateSimulator.verify(
            stages: zip(stages, plan.stages).map { ($0.batchUpdate, $1.snapshot) },
            updates: try #require(updates.first).contentUpdates, from: plan.previous, to: plan.final)
    }

    /// The section calls both collection views share, in a batch's order.
    @MainActor @Test func sectionCallsComeInABatchsOrder() {
        final class Recorder: SectionBatchCalls {
            var calls: [String] = []
            func deleteSections(_ sections: IndexSet) { calls.append("delete \(Array(sections))") }
            func insertSections(_ sections: IndexSet) { calls.append("insert \(Array(sections))") }
            func moveSection(_ section: Int, toSection newSection: Int) {
                calls.append("move \(section)→\(newSection)")
            }
            func reloadSections(_ sections: IndexSet) { calls.append("reload \(Array(sections))") }
        }
        let recorder = Recorder()
        recorder.applySections(
            of: PlatformBatch(
                BatchUpdate(
                    sectionDeletes: [0], sectionInserts: [2], sectionMoves: [SectionMove(from: 1, to: 0)],
                    sectionReloads: [3])))
        #expect(recorder.calls == ["delete [0]", "insert [2]", "move 1→0", "reload [3]"])
    }

    @Test func oneMovedRowIsOneMove() throws {
        let old = try SnapshotBuilder(items: ["a", "b", "c", "d"]).snapshot
        let new = try SnapshotBuilder(items: ["b", "c", "d", "a"]).snapshot
        #expect(try RowEdit.edits(from: old, to: new) == [.move(from: 0, to: 3)])
    }
}
