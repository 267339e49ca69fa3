/// `--diffs N --filter SCENARIO`: exactly N diffs of one engine scenario, untimed, for
/// instruction counts under callgrind (`scripts/instruction-guard.sh` collects inside ``run``
/// only, with `--toggle-collect='*InstructionDriver*'`, so building the scenario is left out).
enum InstructionDriver {
    @inline(never)
    static func run(_ scenario: DiffScenario, diffs: Int) -> Int {
        var moves = 0
        for _ in 0..<diffs { moves &+= scenario.diff().itemMoves }
        return moves
    }
}
