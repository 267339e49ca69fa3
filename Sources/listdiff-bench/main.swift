import Foundation
import ListDiff
import ListDiffHTTP

/// listdiff-bench: the standard scenarios of docs/benchmarks.md, then the wire scenarios
/// (`wire-a-str`, `wire-a-str-content`, `wire-50k`, `wire-e2e-a-str`; see `WireBench`), then
/// `client-apply` (a mirror's work per change; see `ClientBench`), then `outline-expand` (see
/// `OutlineBench`), then `token-hs256` and `token-ed25519` (see `TokenBench`). `--diffs N` runs N untimed diffs of one engine scenario (or runs of a wire one: see
/// `InstructionDriver`) for callgrind.
/// `listdiff-bench followers …` is the followers benchmark's load process instead (see
/// `FollowersCommand`; `scripts/followers.sh` drives it).
///
///     swift run -c release listdiff-bench [--json] [--quick] [--filter NAME]
///
/// Times are medians of 15 runs after 5 warm-ups (3 after 1 with --quick); each scenario's
/// floor (hash every identifier once into a Dictionary) is timed the same way, in the same
/// run, and `floorRatio` is the scenario's median over the floor's. The wire scenarios take
/// twice the runs, in alternating blocks with the bodies they are compared with (their ratios
/// to Foundation and to the engine are what they report).
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "followers" {
    exit(FollowersCommand.run(Array(arguments.dropFirst())))
}
let json = arguments.contains("--json")
let quick = arguments.contains("--quick")
let filter = arguments.firstIndex(of: "--filter").flatMap {
    arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
}
if arguments.contains("--help") {
    print(
        "usage: listdiff-bench [--json] [--quick] [--filter SCENARIO]\n       listdiff-bench --filter SCENARIO --diffs N   (N untimed diffs or wire runs, for callgrind)\n       listdiff-bench followers --help   (the followers benchmark's load process)"
    )
    exit(0)
}
// The allocator configuration listdiff-server runs with, for every scenario alike, timed or
// counted: without it glibc hands a large diff's memory back to the kernel after each one
// and the next pays its page faults again.
AllocatorTuning.retainFreedMemory()
if let flag = arguments.firstIndex(of: "--diffs") {
    guard arguments.index(after: flag) < arguments.endIndex, let diffs = Int(arguments[arguments.index(after: flag)]),
        diffs >= 0, let filter
    else {
        FileHandle.standardError.write(
            Data(
                "listdiff-bench: --diffs N needs --filter with an engine or wire scenario (a, b, …, wire-a-str)\n".utf8)
        )
        exit(2)
    }
    if InstructionDriver.wireNames.contains(filter) {
        print("\(diffs) runs of \(filter): \(InstructionDriver.runWire(filter, runs: diffs))")
        exit(0)
    }
    guard let recipe = DiffScenarioRecipe.all.first(where: { $0.name == filter }) else {
        FileHandle.standardError.write(Data("listdiff-bench: no scenario '\(filter)' for --diffs\n".utf8))
        exit(2)
    }
    let moves = InstructionDriver.run(recipe.build(), diffs: diffs)
    print("\(diffs) diffs of \(recipe.name): \(moves) moves")
    exit(0)
}
let (warmups, runs) = quick ? (1, 3) : (5, 15)

let engineSelected = filter == nil || DiffScenarioRecipe.all.contains { $0.name == filter }
let engineTable = TextTable(columns: [
    ("scenario", 8), ("median ms", 9), ("min ms", 9), ("max ms", 9), ("floor×", 7), ("sec del/ins/mov", 15),
    ("del", 6), ("ins", 6), ("mov", 6), ("reload", 6), ("reconf", 6)
])
if !json, engineSelected {
    print(engineTable.header)
}
for recipe in DiffScenarioRecipe.all where filter == nil || recipe.name == filter {
    let scenario = recipe.build()
    var counts = ChangesetCounts()
    let time = Measurement.of(warmups: warmups, runs: runs) { counts = scenario.diff() }
    let floor = Measurement.of(warmups: warmups, runs: runs, scenario.floor)
    let ratio = floor.medianMs > 0 ? time.medianMs / floor.medianMs : 0
    let reloads = counts.itemReloads + counts.sectionReloads
    if json {
        print(
            #"{"scenario":"\#(scenario.name)","medianMs":\#(String(format: "%.4f", time.medianMs)),"minMs":\#(String(format: "%.4f", time.minMs)),"maxMs":\#(String(format: "%.4f", time.maxMs)),"floorRatio":\#(String(format: "%.3f", ratio)),"sectionDeletes":\#(counts.sectionDeletes),"sectionInserts":\#(counts.sectionInserts),"sectionMoves":\#(counts.sectionMoves),"deletes":\#(counts.itemDeletes),"inserts":\#(counts.itemInserts),"moves":\#(counts.itemMoves),"reloads":\#(reloads),"reconfigures":\#(counts.itemReconfigures)}"#
        )
    } else {
        print(
            engineTable.row(
                [
                    scenario.name, String(format: "%.4f", time.medianMs), String(format: "%.4f", time.minMs),
                    String(format: "%.4f", time.maxMs), String(format: "%.2f", ratio),
                    "\(counts.sectionDeletes)/\(counts.sectionInserts)/\(counts.sectionMoves)"
                ]
                    + [counts.itemDeletes, counts.itemInserts, counts.itemMoves, reloads, counts.itemReconfigures].map {
                        String($0)
                    }))
    }
}
WireBench.run(filter: filter, json: json, warmups: warmups, runs: runs * 2)
ClientBench.run(filter: filter, json: json, warmups: warmups, runs: runs * 2)
OutlineBench.run(filter: filter, json: json, warmups: warmups, runs: runs * 2)
TokenBench.run(filter: filter, json: json, warmups: warmups, runs: runs)
OperationsBench.run(filter: filter, json: json, warmups: warmups, runs: runs)
