import ListDiff
import ListDiffScenarios

/// One engine scenario: how to diff it, and its floor — hashing every old and new
/// identifier once into a standard `Dictionary` — measured side by side so that ratios
/// survive a noisy machine.
struct DiffScenario {
    let name: String
    let diff: () -> ChangesetCounts
    let floor: () -> Void
}

/// A scenario not built yet: building the string scenarios costs more than diffing them.
struct DiffScenarioRecipe {
    let name: String
    let build: () -> DiffScenario

    init<S, I, C>(_ name: String, _ pair: @escaping () -> (old: Snapshot<S, I, C>, new: Snapshot<S, I, C>)) {
        self.name = name
        build = { DiffScenario.make(name, pair()) }
    }

    static var all: [DiffScenarioRecipe] {
        [
            DiffScenarioRecipe("a", StandardScenarios.a),
            DiffScenarioRecipe("a-str", StandardScenarios.aString),
            DiffScenarioRecipe("a-str41", StandardScenarios.aString41),
            DiffScenarioRecipe("b", StandardScenarios.b),
            DiffScenarioRecipe("c", StandardScenarios.c),
            DiffScenarioRecipe("d", StandardScenarios.d),
            DiffScenarioRecipe("d2", StandardScenarios.d2),
            DiffScenarioRecipe("e", StandardScenarios.e),
            DiffScenarioRecipe("e2", StandardScenarios.e2),
            DiffScenarioRecipe("f", StandardScenarios.f),
            DiffScenarioRecipe("f2", StandardScenarios.f2),
            DiffScenarioRecipe("g", StandardScenarios.g)
        ]
    }
}

extension DiffScenario {
    static func make<S, I, C>(_ name: String, _ pair: (old: Snapshot<S, I, C>, new: Snapshot<S, I, C>)) -> DiffScenario
    {
        DiffScenario(
            name: name,
            diff: {
                guard let diff = try? SectionedDiff(from: pair.old, to: pair.new) else { return ChangesetCounts() }
                return diff.batch.counts
            },
            floor: {
                var seen = [I: Int](minimumCapacity: pair.old.numberOfItems + pair.new.numberOfItems)
                for snapshot in [pair.old, pair.new] {
                    for section in snapshot.sections {
                        for (index, item) in section.items.enumerated() { seen[item.id] = index }
                    }
                }
                precondition(!seen.isEmpty || pair.old.numberOfItems == 0, "the floor must not be optimised away")
            })
    }
}
