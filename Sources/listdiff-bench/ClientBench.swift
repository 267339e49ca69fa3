import Foundation
import ListDiff
import ListDiffClient
import ListDiffJSON
import ListDiffScenarios
import ListDiffWire

/// `client-apply`: what a `SnapshotMirror` does per change on a 10,000-item list with content
/// of which 1% changed (30 deleted, 30 inserted, 20 moved, 20 with new content): read the
/// answer with its values, build the view plan through the simulator, digest the result.
/// Timed side by side with the server's diff of the same two lists, and with the parts alone
/// (and `verify()`, which the mirror does not need: the plan was built by the simulator).
enum ClientBench {
    static let name = "client-apply"

    static func run(filter: String?, json: Bool, warmups: Int, runs: Int) {
        guard filter == nil || filter == name else { return }
        let (old, new) = lists()
        guard let diff = try? WireDiff(from: old, to: new) else { preconditionFailure("\(name): the lists must diff") }
        let staged = diff.stagedBatch
        let answer = WireEncoder.changes(
            from: "e.1", to: "e.2", digest: SnapshotDigest.digest(of: new),
            changeset: .batch(WireBatchDocument(changeset: staged.changeset, intermediateSnapshots: [])),
            fresh: WireFreshElements(of: staged.changeset, in: new), rows: nil, flat: true, reservingCapacity: 1 << 16)
        guard
            case .changes(_, .batch(let document), let fresh?)? = try? WireDecoder.changes(answer, sequential: false)
                .body,
            let plan = try? ViewUpdatePlan(applying: document, fresh: fresh, to: old)
        else {
            preconditionFailure("\(name): the answer must decode and apply")
        }
        let expectedDigest = SnapshotDigest.digest(of: new)
        var matched = false
        let measured = Measurement.interleaved(
            warmups: warmups, runs: runs,
            [
                {
                    guard
                        case .changes(_, .batch(let document), let fresh?)? = try? WireDecoder.changes(
                            answer, sequential: false
                        ).body,
                        let plan = try? ViewUpdatePlan(applying: document, fresh: fresh, to: old)
                    else { return }
                    matched = SnapshotDigest.digest(of: plan.final) == expectedDigest
                },
                { _ = (try? WireDiff(from: old, to: new))?.stagedBatch },
                { _ = try? WireDecoder.changes(answer, sequential: false) },
                { _ = try? ViewUpdatePlan(applying: document, fresh: fresh, to: old) },
                { _ = try? plan.verify() },
                { _ = SnapshotDigest.digest(of: plan.final) }
            ])
        precondition(matched, "\(name): the mirror's copy must equal the new list")
        let (step, engine) = (measured[0], measured[1])
        let ratio = step.medianMs / engine.medianMs
        if json {
            print(
                #"{"scenario":"\#(name)","answerBytes":\#(answer.count),"medianMs":\#(String(format: "%.4f", step.medianMs)),"engineMs":\#(String(format: "%.4f", engine.medianMs)),"engineRatio":\#(String(format: "%.2f", ratio)),"decodeMs":\#(String(format: "%.4f", measured[2].medianMs)),"planMs":\#(String(format: "%.4f", measured[3].medianMs)),"verifyMs":\#(String(format: "%.4f", measured[4].medianMs)),"digestMs":\#(String(format: "%.4f", measured[5].medianMs))}"#
            )
        } else {
            print(
                String(
                    format:
                        "%@: %.3f ms per change (answer %d bytes: decode %.3f, plan %.3f, digest %.3f; verify alone %.3f); server's diff %.3f ms; ×%.2f",
                    name, step.medianMs, answer.count, measured[2].medianMs, measured[3].medianMs, measured[5].medianMs,
                    measured[4].medianMs,
                    engine.medianMs, ratio))
        }
    }

    /// 10,000 items with content, and the same with 1% changed. Deterministic.
    static func lists() -> (WireSnapshot, WireSnapshot) {
        func item(_ index: Int, rank: Int) -> String {
            #"{"id":"\#(StandardScenarios.shortID(index))","content":{"title":"Item \#(index)","rank":\#(rank)}}"#
        }
        let old = (0..<10_000).map { item($0, rank: $0 % 100) }
        var new = old
        var random = SplitMix64(seed: 11)
        for _ in 0..<30 { new.remove(at: Int.random(in: 0..<new.count, using: &random)) }
        for index in 10_000..<10_030 {
            new.insert(item(index, rank: 0), at: Int.random(in: 0...new.count, using: &random))
        }
        for _ in 0..<20 {
            new.insert(
                new.remove(at: Int.random(in: 0..<new.count, using: &random)),
                at: Int.random(in: 0..<new.count, using: &random))
        }
        for _ in 0..<20 {
            let index = Int.random(in: 0..<new.count, using: &random)
            new[index] = new[index].replacingOccurrences(of: #""rank":"#, with: #""rank":1000"#)
        }
        let body = Array(#"{"old":[\#(old.joined(separator: ","))],"new":[\#(new.joined(separator: ","))]}"#.utf8)
        guard let request = try? WireDecoder.diffRequest(body) else {
            preconditionFailure("\(name): the lists must decode")
        }
        return (request.old, request.new)
    }
}
