import ListDiff
import ListDiffScenarios

/// One engine scenario: how to diff it, and its floor — hashing every old and new
/// identifier once into a standard `Dictionary` — measured side by side so that ratios
/// survive a noisy machine.
struct DiffScenario {
    let name: String
    let diff: () -> ChangesetCounts
    let floor: () -> Void

    init<S, I, C>(_ name: String, _ pair: (old: Snapshot<S, I, C>, new: Snapshot<S, I, C>)) {
        self.name = name
        diff = {
            guard let diff = try? SectionedDiff(from: pair.old, to: pair.new) else { return ChangesetCounts() }
            return diff.batch.counts
        }
        floor = {
            var seen = [I: Int](minimumCapacity: pair.old.numberOfItems + pair.new.numberOfItems)
            for snapshot in [pair.old, pair.new] {
                for section in snapshot.sections {
                    for (index, item) in section.items.enumerated() { seen[item.id] = index }
                }
            }
            precondition(!seen.isEmpty || pair.old.numberOfItems == 0, "the floor must not be optimised away")
        }
    }

    static var all: [DiffScenario] {
        [
            DiffScenario("a", StandardScenarios.a()),
            DiffScenario("a-str", StandardScenarios.aString()),
            DiffScenario("a-str41", StandardScenarios.aString41()),
            DiffScenario("b", StandardScenarios.b()),
            DiffScenario("c", StandardScenarios.c()),
            DiffScenario("d", StandardScenarios.d()),
            DiffScenario("d2", StandardScenarios.d2()),
            DiffScenario("e", StandardScenarios.e()),
            DiffScenario("e2", StandardScenarios.e2()),
            DiffScenario("f", StandardScenarios.f()),
            DiffScenario("f2", StandardScenarios.f2()),
            DiffScenario("g", StandardScenarios.g()),
        ]
    }
}
