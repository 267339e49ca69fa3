import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import Testing

/// The sequential form over the seeded pairs of ``PropertyTests`` (same seeds, same
/// `LISTDIFF_PROPERTY_CASES` and `LISTDIFF_PROPERTY_SEED`): every case must replay to `new`
/// (``SequentialReplayer``), and no kept section or item may be deleted and inserted anew
/// (``SequentialCellLoss``) — not even an item leaving a deleted section, which must move out
/// before its section goes.
@Suite(.ownThreads) struct SequentialPropertyTests {
    @Test func sequentialFormReplaysAndMovesEveryKeptItem() throws {
        var failures = 0
        var loss = SequentialCellLoss()
        for seed in PropertyTests.seeds {
            let pair = RandomSnapshotPair(seed: seed)
            let style: DiffOptions.ContentUpdateStyle = seed % 3 == 0 ? .reload : .reconfigure
            do {
                let sequential = try SectionedDiff(
                    from: pair.old, to: pair.new, options: DiffOptions(contentUpdates: style)
                ).sequential
                try SequentialReplayer.replay(sequential, from: pair.old, to: pair.new)
                let lost = loss.record(sequential, from: pair.old, to: pair.new)
                guard lost == (0, 0) else {
                    throw CellLoss.Lost(
                        description:
                            "\(lost.sections) kept sections and \(lost.items) kept items deleted: \(sequential.operations)"
                    )
                }
            } catch {
                failures += 1
                Issue.record("seed \(seed) (rerun with LISTDIFF_PROPERTY_SEED=\(seed)): \(error)")
                if failures >= 5 { break }
            }
        }
        print("sequential property cases: \(PropertyTests.seeds.count), failures \(failures); \(loss)")
        #expect(loss.sectionsDeleted == 0 && loss.itemsDeleted == 0)
        if PropertyTests.seeds.count >= 1_000 {
            for (name, count) in [
                ("leaving a deleted section for a section in place", loss.leavingForStaying),
                ("leaving a deleted section for a moved section", loss.leavingForMoved),
                ("leaving a deleted section for an inserted section", loss.leavingForInserted),
                ("of kept sections entering inserted sections", loss.enteringInserted)
            ] {
                #expect(count > 0, "no property case had kept items \(name)")
            }
        }
    }
}
