import Foundation
import ListDiff
import ListDiffJSON
import ListDiffScenarios
import ListDiffWire

/// The wire scenarios: reading request bodies (with Foundation's `JSONDecoder` and
/// `JSONSerialization` on the same bytes, in the same run) and bytes-in → changeset-bytes-out
/// for a-str against the engine alone on a-str.
enum WireBench {
    static let names = ["wire-a-str", "wire-a-str-content", "wire-50k", "wire-uuid", "wire-e2e-a-str"]

    static let table = TextTable(columns: [
        ("wire scenario", 18), ("KB", 6), ("median ms", 9), ("MB/s", 5), ("JSONDecoder ms", 14),
        ("JSONSerialization ms", 20), ("×JSONDecoder", 12), ("×engine", 7)
    ])

    static func run(filter: String?, json: Bool, warmups: Int, runs: Int) {
        let selected = names.filter { filter == nil || $0 == filter }
        guard !selected.isEmpty else { return }
        if !json { print(table.header) }
        for name in selected {
            switch name {
            case "wire-a-str": read(name, WireBodies.aString(), FoundationMirrors.FlatRequest.self, json, warmups, runs)
            case "wire-a-str-content":
                read(name, WireBodies.aStringContent(), FoundationMirrors.ContentRequest.self, json, warmups, runs)
            case "wire-50k":
                read(name, WireBodies.fiftyK(), FoundationMirrors.SectionedRequest.self, json, warmups, runs)
            case "wire-uuid": read(name, WireBodies.uuid(), FoundationMirrors.FlatRequest.self, json, warmups, runs)
            default: endToEnd(name, json, warmups, runs)
            }
        }
    }

    static func read<T: Decodable>(
        _ name: String, _ body: [UInt8], _ mirror: T.Type, _ json: Bool, _ warmups: Int, _ runs: Int
    ) {
        let data = Data(body)
        var items = 0
        let measured = Measurement.interleaved(
            warmups: warmups, runs: runs,
            [
                {
                    items =
                        (try? WireDecoder.diffRequest(body)).map { $0.old.numberOfItems + $0.new.numberOfItems } ?? -1
                },
                { _ = try? JSONDecoder().decode(T.self, from: data) },
                { _ = try? JSONSerialization.jsonObject(with: data) }
            ])
        precondition(items > 0, "\(name): the body must decode")
        let (wire, decoder, serialization) = (measured[0], measured[1], measured[2])
        report(name, bytes: body.count, wire, decoder: decoder, serialization: serialization, engine: nil, json: json)
    }

    static func endToEnd(_ name: String, _ json: Bool, _ warmups: Int, _ runs: Int) {
        let body = WireBodies.aString()
        var outBytes = 0
        let pair = StandardScenarios.aString()
        guard let request = try? WireDecoder.diffRequest(body),
            let diff = try? WireDiff(from: request.old, to: request.new, codes: request.itemCodes)
        else {
            preconditionFailure("\(name): the body must decode and diff")
        }
        let staged = diff.stagedBatch
        // The end-to-end time, the engine alone, and the three parts of the end-to-end time
        // (decode; diff with staging; writing), each alone, side by side.
        let measured = Measurement.interleaved(
            warmups: warmups, runs: runs,
            [
                {
                    guard let request = try? WireDecoder.diffRequest(body),
                        let diff = try? WireDiff(from: request.old, to: request.new, codes: request.itemCodes)
                    else { return }
                    outBytes =
                        WireEncoder.changeset(
                            WireChangeset(diff, sequential: false), flat: request.isFlat, reservingCapacity: 1 << 16
                        ).count
                },
                { _ = (try? SectionedDiff(from: pair.old, to: pair.new))?.batch },
                { _ = try? WireDecoder.diffRequest(body) },
                { _ = (try? WireDiff(from: request.old, to: request.new, codes: request.itemCodes))?.stagedBatch },
                {
                    let document = WireBatchDocument(
                        changeset: staged.changeset, intermediateSnapshots: staged.stages.dropLast().map(\.result))
                    _ = WireEncoder.batchChangeset(document, flat: request.isFlat, reservingCapacity: 1 << 16)
                }
            ])
        precondition(outBytes > 0, "\(name): the changeset must be written")
        let (e2e, engine) = (measured[0], measured[1])
        report(
            name, bytes: body.count, e2e, decoder: nil, serialization: nil, engine: engine, json: json,
            parts: (measured[2], measured[3], measured[4]))
    }

    static func report(
        _ name: String, bytes: Int, _ time: Measurement, decoder: Measurement?, serialization: Measurement?,
        engine: Measurement?, json: Bool, parts: (decode: Measurement, diff: Measurement, write: Measurement)? = nil
    ) {
        let mbPerSec = Double(bytes) / 1_048_576 / (time.medianMs / 1_000)
        let decoderRatio = decoder.map { $0.medianMs / time.medianMs }
        let engineRatio = engine.map { time.medianMs / $0.medianMs }
        if json {
            var line =
                #"{"scenario":"\#(name)","bytes":\#(bytes),"medianMs":\#(String(format: "%.4f", time.medianMs)),"#
                + #""minMs":\#(String(format: "%.4f", time.minMs)),"maxMs":\#(String(format: "%.4f", time.maxMs)),"mbPerSec":\#(String(format: "%.1f", mbPerSec))"#
            if let decoder, let decoderRatio, let serialization {
                line +=
                    #","jsonDecoderMs":\#(String(format: "%.4f", decoder.medianMs)),"jsonSerializationMs":\#(String(format: "%.4f", serialization.medianMs)),"jsonDecoderRatio":\#(String(format: "%.2f", decoderRatio))"#
            }
            if let engine, let engineRatio {
                line +=
                    #","engineMs":\#(String(format: "%.4f", engine.medianMs)),"engineRatio":\#(String(format: "%.3f", engineRatio))"#
            }
            if let parts {
                line +=
                    #","decodeMs":\#(String(format: "%.4f", parts.decode.medianMs)),"diffMs":\#(String(format: "%.4f", parts.diff.medianMs)),"writeMs":\#(String(format: "%.4f", parts.write.medianMs))"#
            }
            print(line + "}")
        } else {
            print(
                table.row([
                    name, String(bytes / 1024), String(format: "%.4f", time.medianMs), String(format: "%.0f", mbPerSec),
                    decoder.map { String(format: "%.3f", $0.medianMs) } ?? "-",
                    serialization.map { String(format: "%.3f", $0.medianMs) } ?? "-",
                    decoderRatio.map { String(format: "%.2f", $0) } ?? "-",
                    engineRatio.map { String(format: "%.2f", $0) } ?? "-"
                ])
                    + (parts.map {
                        String(
                            format: "   (decode %.3f, diff %.3f, write %.3f; engine alone %.3f)", $0.decode.medianMs,
                            $0.diff.medianMs,
                            $0.write.medianMs, engine?.medianMs ?? 0)
                    } ?? ""))
        }
    }
}
