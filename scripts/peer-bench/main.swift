// peer-bench: ListDiff against DifferenceKit and ListKit on the standard scenarios, side by
// side in one process. See scripts/peer-bench.sh for how it is built and run.
//
//   peer-bench [--scenarios a,c,...] [--peers PREFIX,...] [--rounds N] [--warmups N]
//     --peers keeps the peers whose names start with a prefix given (e.g. "ListKit sectioned"):
//     fewer peers between two runs of ListDiff leave more of its inputs in the caches
//   peer-bench --profile SCENARIO LIBRARY RUNS   (one library's diff RUNS times, untimed: for
//                                                 callgrind or perf stat, N=11 minus N=1)
import Foundation

struct Options {
    var scenarios: [String]? = nil
    var peers: [String]? = nil
    var rounds = 15
    var warmups = 5
    var profile: (scenario: String, library: String, runs: Int)? = nil

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        func value() -> String {
            guard let next = rest.popFirst() else { usage() }
            return next
        }
        func number() -> Int {
            guard let n = Int(value()), n >= 0 else { usage() }
            return n
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--scenarios": scenarios = value().split(separator: ",").map(String.init)
            case "--peers": peers = value().split(separator: ",").map(String.init)
            case "--rounds": rounds = max(1, number())
            case "--warmups": warmups = number()
            case "--profile": profile = (value(), value(), number())
            default: usage()
            }
        }
    }
}

func usage() -> Never {
    print(
        "usage: peer-bench [--scenarios a,c,...] [--peers PREFIX,...] [--rounds N] [--warmups N]",
        "| --profile SCENARIO LIBRARY RUNS")
    exit(2)
}

/// Runs every contender once per round, the first one rotating from round to round, so
/// that the machine's drift falls on all libraries alike. Returns each one's timed runs in ms
/// and its counts, which every run must repeat (this also keeps the results alive).
func interleaved(_ contenders: [Contender], warmups: Int, rounds: Int) -> (times: [[Double]], counts: [Counts]) {
    let expected = contenders.map { $0.diff() } // the first warm-up
    for _ in 0..<max(0, warmups - 1) { for contender in contenders { _ = contender.diff() } }
    let clock = ContinuousClock()
    var times = [[Double]](repeating: [], count: contenders.count)
    for round in 0..<rounds {
        for k in 0..<contenders.count {
            let index = (round + k) % contenders.count
            var counts = Counts()
            let elapsed = clock.measure { counts = contenders[index].diff() }
            precondition(counts == expected[index], "\(contenders[index].library) answered differently")
            times[index].append(
                Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
    }
    return (times, expected)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
}

func describe(_ counts: Counts) -> String {
    String(
        format: "%3d/%d/%d  %6d %6d %6d %6d", counts.sectionDeletes, counts.sectionInserts, counts.sectionMoves,
        counts.deletes, counts.inserts, counts.moves, counts.updates)
}

let options = Options(CommandLine.arguments.dropFirst())

if let profile = options.profile {
    guard let scenario = PeerScenario.all.first(where: { $0.name == profile.scenario }),
        let contender = scenario.build().first(where: { $0.library.hasPrefix(profile.library) })
    else { usage() }
    var counts = Counts()
    for _ in 0..<profile.runs { counts = contender.diff() }
    print("\(scenario.name) \(contender.library) ×\(profile.runs): \(describe(counts))")
    exit(0)
}

let chosen = PeerScenario.all.filter { options.scenarios?.contains($0.name) ?? true }
guard !chosen.isEmpty else { usage() }
print("peer-bench: \(options.warmups) warm-up + \(options.rounds) timed rounds, libraries interleaved; medians in ms")
print("counts: section deletes/inserts/moves, item deletes, inserts, moves, updates (reloads + reconfigures)")
var summary: [(String, Double, String)] = []
var listDiffMedians: [String: Double] = [:]
for scenario in chosen {
    let contenders = scenario.build().filter { contender in
        contender.library == "ListDiff" || (options.peers?.contains { contender.library.hasPrefix($0) } ?? true)
    }
    let (times, counts) = interleaved(contenders, warmups: options.warmups, rounds: options.rounds)
    let medians = times.map(median)
    print("\n\(scenario.name)")
    print("  \(padded("library", 26)) \(padded("median", 10, right: true))  sec d/i/m     del    ins    mov    upd")
    for ((contender, time), answer) in zip(zip(contenders, medians), counts) {
        print("  \(padded(contender.library, 26)) \(String(format: "%10.4f", time))  \(describe(answer))")
    }
    let peers = zip(contenders, medians).filter { $0.0.library != "ListDiff" }
    guard let best = peers.min(by: { $0.1 < $1.1 }), let ours = medians.first else { continue }
    let ratio = ours / best.1
    listDiffMedians[scenario.name] = ours
    summary.append((scenario.name, ratio, best.0.library))
    print("  ListDiff / best peer (\(best.0.library)): \(String(format: "%.3f", ratio))")
}
print("\nsummary: ListDiff's median over the best peer's")
for (name, ratio, best) in summary { print("  \(padded(name, 8)) \(String(format: "%6.3f", ratio))  \(best)") }
if let e = listDiffMedians["e"], let e2 = listDiffMedians["e2"] {
    print(String(format: "  ListDiff e2/e: %.2f (%.4f / %.4f ms)", e2 / e, e2, e))
    // The scenarios' blocks run minutes apart, so the machine's drift between them falls on
    // that ratio; ListDiff's two diffs interleaved round by round measure it without.
    let pair = chosen.filter { ["e", "e2"].contains($0.name) }.compactMap { scenario in
        scenario.build().first { $0.library == "ListDiff" }
    }
    let times = interleaved(pair, warmups: options.warmups, rounds: options.rounds * 2).times.map(median)
    print(
        String(format: "  ListDiff e2/e, interleaved: %.2f (%.4f / %.4f ms)", times[1] / times[0], times[1], times[0]))
}
