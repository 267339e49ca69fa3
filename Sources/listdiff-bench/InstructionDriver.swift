import Foundation
import ListDiffJSON
import ListDiffWire

/// `--diffs N --filter SCENARIO`: exactly N untimed runs of one engine scenario, or of one of
/// the wire's (``wireNames``), for instruction counts under callgrind
/// (`scripts/instruction-guard.sh` collects inside these functions only, with
/// `--toggle-collect='*InstructionDriver*'`, so building the scenario or the body is left out).
enum InstructionDriver {
    /// The wire's runs: `wire-a-str` decodes the a-str body as the service does,
    /// `wire-a-str-jsondecoder` decodes it with Foundation's `JSONDecoder` into
    /// ``FoundationMirrors/FlatRequest``, `wire-e2e-a-str` goes from its bytes to the changeset's
    /// bytes (decode, diff with staging, write), to set beside `a-str`'s engine diffs.
    static let wireNames = ["wire-a-str", "wire-a-str-jsondecoder", "wire-e2e-a-str"]

    @inline(never)
    static func run(_ scenario: DiffScenario, diffs: Int) -> Int {
        var moves = 0
        for _ in 0..<diffs { moves &+= scenario.diff().itemMoves }
        return moves
    }

    /// Runs the wire scenario `name` (one of ``wireNames``) `runs` times on the a-str body;
    /// returns the items decoded or the changeset bytes written, summed.
    static func runWire(_ name: String, runs: Int) -> Int {
        let body = WireBodies.aString()
        switch name {
        case "wire-a-str": return decode(body, runs: runs)
        case "wire-a-str-jsondecoder": return decodeWithFoundation(Data(body), runs: runs)
        default: return bytesToChangeset(body, runs: runs)
        }
    }

    @inline(never)
    static func decode(_ body: [UInt8], runs: Int) -> Int {
        var items = 0
        for _ in 0..<runs {
            guard let request = try? WireDecoder.diffRequest(body) else { return -1 }
            items &+= request.old.numberOfItems &+ request.new.numberOfItems
        }
        return items
    }

    @inline(never)
    static func decodeWithFoundation(_ data: Data, runs: Int) -> Int {
        var items = 0
        for _ in 0..<runs {
            guard let request = try? JSONDecoder().decode(FoundationMirrors.FlatRequest.self, from: data) else {
                return -1
            }
            items &+= request.old.count &+ request.new.count
        }
        return items
    }

    @inline(never)
    static func bytesToChangeset(_ body: [UInt8], runs: Int) -> Int {
        var written = 0
        for _ in 0..<runs {
            guard let request = try? WireDecoder.diffRequest(body),
                let diff = try? WireDiff(from: request.old, to: request.new, codes: request.itemCodes)
            else { return -1 }
            written &+=
                WireEncoder.changeset(
                    WireChangeset(diff, sequential: false), flat: request.isFlat, reservingCapacity: 1 << 16
                ).count
        }
        return written
    }
}
