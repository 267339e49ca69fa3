import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// docs/android.md's translation of the sequential form into `ListUpdateCallback` calls,
/// replayed on seeded random pairs (sectioned, with a header row per section, and flat)
/// through ``ListUpdateCallbackModel``: the adapter's rows must end as the new list
/// flattened the same way, content refreshed, where ``SequentialReplayer`` also succeeds.
/// A tenth of `LISTDIFF_PROPERTY_CASES` (2,000 by default); `LISTDIFF_PROPERTY_SEED=S`
/// reruns one case.
@Suite(.ownThreads) struct ListUpdateCallbackModelTests {
    static var seeds: [UInt64] {
        if let seed = TestRun.seed("LISTDIFF_PROPERTY_SEED") { return [seed] }
        let cases = (TestRun.cases("LISTDIFF_PROPERTY_CASES", default: 20_000)) / 10
        return (0..<UInt64(max(cases, 1))).map { $0 &* 0x9E37_79B9 &+ 17 }
    }

    @Test func sequentialFormThroughListUpdateCallback() throws {
        var failures = 0
        var seen: [String: Int] = [:]
        for seed in Self.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            let style: DiffOptions.ContentUpdateStyle = seed % 3 == 0 ? .reload : .reconfigure
            for (old, new, headers) in [(pair.old, pair.new, true), (Self.flat(pair.old), Self.flat(pair.new), false)] {
                do {
                    let sequential = try SectionedDiff(from: old, to: new, options: DiffOptions(contentUpdates: style))
                        .sequential
                    try SequentialReplayer.replay(sequential, from: old, to: new)
                    var model = ListUpdateCallbackModel(old: old, new: new, headers: headers)
                    for (index, operation) in sequential.operations.enumerated() {
                        do { try model.apply(operation) } catch { throw Self.failure("operation \(index): \(error)") }
                        seen[Self.name(operation), default: 0] += 1
                    }
                    try Self.compare(model, old: old, new: new)
                } catch {
                    failures += 1
                    let form = headers ? "sectioned" : "flat"
                    Issue.record("seed \(seed), \(form) (rerun with LISTDIFF_PROPERTY_SEED=\(seed)): \(error)")
                }
            }
            if failures >= 5 { break }
        }
        print("ListUpdateCallback model cases: \(Self.seeds.count) × 2, failures \(failures); operations \(seen)")
        if Self.seeds.count >= 1_000 {
            for name in ["deleteSections", "insertSections", "moveSection", "reloadSections", "crossSectionMove"]
                + ["moveItem", "reloadItems", "reconfigureItems", "deleteItems", "insertItems"]
            {
                #expect(seen[name, default: 0] > 0, "no case had \(name)")
            }
        }
    }

    static func compare(
        _ model: ListUpdateCallbackModel, old: Snapshot<Int, Int, Int>, new: Snapshot<Int, Int, Int>
    ) throws {
        let wanted = ListUpdateCallbackModel.flatten(new, headers: model.headers)
        guard model.rows.count == wanted.count, model.sizes == new.sections.map(\.items.count) else {
            throw failure("the adapter ends with \(model.rows.count) rows, the new list has \(wanted.count)")
        }
        let oldItems = Set(old.itemIdentifiers)
        for (position, (slot, target)) in zip(model.rows, wanted).enumerated() {
            if slot.row == .item(nil), case .item(let id?) = target.row, !oldItems.contains(id) { continue }
            guard slot.row == target.row else {
                throw failure("position \(position) is \(slot.row), the new list has \(target.row)")
            }
            guard slot.changed || slot.content == target.content else {
                throw failure("position \(position) (\(slot.row)) is stale: no onChanged")
            }
        }
    }

    static func flat(_ snapshot: Snapshot<Int, Int, Int>) -> Snapshot<Int, Int, Int> {
        let items = snapshot.sections.flatMap(\.items)
        return (try? Snapshot(sections: [.init(0, items: ContiguousArray(items))])) ?? Snapshot()
    }

    static func name(_ operation: SequentialOperation) -> String {
        if case .moveItem(let from, let to) = operation, from.section != to.section { return "crossSectionMove" }
        return String(describing: operation).prefix { $0 != "(" }.description
    }

    static func failure(_ text: String) -> ListUpdateCallbackModel.Failure { .init(description: text) }
}
