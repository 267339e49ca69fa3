@_spi(Unchecked) import ListDiff
import ListDiffWire

/// `operations-200k`: one `moveItem`, and one `deleteItems` with the `appendItems` that puts
/// the item back, on a 200,000-item list as the store hands it to an operations request (read
/// from JSON, no item map yet), through the wire's in-place operations and through the
/// engine's generic ones side by side. Target: one moveItem or deleteItems ≤ 1 ms. Then the
/// dearest operations per item step (many identifiers: 8 compared, 12 through the table) give
/// the time `--max-operation-work` bounds: operations × items steps.
enum OperationsBench {
    static let name = "operations-200k"

    static func run(filter: String?, json: Bool, warmups: Int, runs: Int) {
        guard filter == nil || filter == name else { return }
        let count = 200_000
        let body = Array(("[" + (0..<count).map { "\"item-\($0)\"" }.joined(separator: ",") + "]").utf8)
        guard var wire = try? WireDecoder.snapshot(body).snapshot else {
            preconditionFailure("\(name): the list must decode")
        }
        var engine = wire
        let first: WireID = "item-0"
        let moved: WireID = "item-150000"
        let last = WireID("item-\(count - 1)")
        var toFront = true
        var engineToFront = true
        func move(_ snapshot: inout WireSnapshot, _ front: inout Bool, generic: Bool) {
            let operation: WireSnapshotOperation = front ? .moveItemBefore(moved, first) : .moveItemAfter(moved, last)
            front.toggle()
            if generic {
                // Each request starts without the engine's item map, as the store rebuilds it.
                snapshot = WireSnapshot(uncheckedUniqueSections: snapshot.sections)
                try? snapshot.apply(operation)
            } else {
                try? snapshot.apply(WireOperation.snapshot(operation))
            }
        }
        func deleteAndPutBack(_ snapshot: inout WireSnapshot, generic: Bool) {
            for operation: WireSnapshotOperation in [
                .deleteItems([moved]), .appendItems([WireSnapshot.Item(moved)], toSection: nil)
            ] {
                if generic {
                    snapshot = WireSnapshot(uncheckedUniqueSections: snapshot.sections)
                    try? snapshot.apply(operation)
                } else {
                    try? snapshot.apply(WireOperation.snapshot(operation))
                }
            }
        }
        func many(_ k: Int) -> [WireID] { (0..<k).map { WireID("item-\(count - 1 - $0 * 997)") } }
        func deleteManyAndPutBack(_ ids: [WireID]) {
            try? wire.apply(WireOperation.snapshot(.deleteItems(ids)))
            try? wire.apply(WireOperation.snapshot(.appendItems(ids.map { WireSnapshot.Item($0) }, toSection: nil)))
        }
        // An outline section of as many items: 2,000 folders of 99 children; a folder toggled.
        let tree =
            "{\"sections\":[{\"id\":\"s\",\"outline\":true,\"items\":["
            + (0..<2_000).map { folder in
                "{\"id\":\"f\(folder)\",\"children\":[" + (0..<99).map { "\"f\(folder)-\($0)\"" }.joined(separator: ",")
                    + "]}"
            }.joined(separator: ",") + "]}]}"
        guard var outline = try? WireDecoder.snapshot(Array(tree.utf8)).snapshot else {
            preconditionFailure("\(name): the outline must decode")
        }
        var expanded = false
        func toggle() {
            try? outline.apply(expanded ? WireOperation.collapse(["f1500"]) : WireOperation.expand(["f1500"]))
            expanded.toggle()
        }
        let measured = Measurement.interleaved(
            warmups: warmups, runs: runs,
            [
                { move(&wire, &toFront, generic: false) },
                { move(&engine, &engineToFront, generic: true) },
                { deleteAndPutBack(&wire, generic: false) },
                { deleteAndPutBack(&engine, generic: true) },
                { deleteManyAndPutBack(many(8)) },
                { deleteManyAndPutBack(many(12)) },
                { try? wire.apply(WireOperation.snapshot(.reloadItems(many(12)))) },
                { toggle() },
                {
                    try? outline.apply(WireOperation.appendChildren([WireSnapshot.Item("new")], parent: "f1500"))
                    try? outline.apply(WireOperation.snapshot(.deleteItems(["new"])))
                }
            ])
        precondition(wire.numberOfItems == count && engine.numberOfItems == count, "\(name): the list keeps its items")
        let move = measured[0].medianMs
        let pair = measured[2].medianMs
        let met = move <= 1 && pair <= 2
        // Per operation: the pairs are two operations each.
        let dearest = max(move, pair / 2, measured[4].medianMs / 2, measured[5].medianMs / 2, measured[6].medianMs)
        let nanosecondsPerStep = dearest * 1e6 / Double(count)
        let boundSeconds = nanosecondsPerStep * 100_000_000 / 1e9
        let outlineNanoseconds = measured[7].medianMs * 1e6 / Double(outline.numberOfItems)
        let treeNanoseconds = measured[8].medianMs / 2 * 1e6 / Double(outline.numberOfItems)
        if json {
            print(
                #"{"scenario":"\#(name)","items":\#(count),"moveMs":\#(String(format: "%.4f", move)),"engineMoveMs":\#(String(format: "%.4f", measured[1].medianMs)),"deleteAndAppendMs":\#(String(format: "%.4f", pair)),"engineDeleteAndAppendMs":\#(String(format: "%.4f", measured[3].medianMs)),"delete8AndAppendMs":\#(String(format: "%.4f", measured[4].medianMs)),"delete12AndAppendMs":\#(String(format: "%.4f", measured[5].medianMs)),"reload12Ms":\#(String(format: "%.4f", measured[6].medianMs)),"nsPerStep":\#(String(format: "%.2f", nanosecondsPerStep)),"secondsFor100MSteps":\#(String(format: "%.2f", boundSeconds)),"outlineToggleMs":\#(String(format: "%.4f", measured[7].medianMs)),"outlineNsPerStep":\#(String(format: "%.2f", outlineNanoseconds)),"outlineEditNsPerStep":\#(String(format: "%.1f", treeNanoseconds)),"outlineStepWeight":\#(WireOperation.outlineStepWeight),"target":1,"met":\#(met)}"#
            )
        } else {
            print(
                String(
                    format:
                        "%@: one moveItem %.3f ms (the engine's generic one %.3f); deleteItems + appendItems %.3f ms (engine %.3f); target ≤ 1 ms an operation: %@; dearest operation %.2f ns an item step (8 ids %.3f, 12 ids %.3f ms a pair; reloadItems of 12 %.3f ms): 100,000,000 steps ≈ %.2f s; an outline of %d items: expand or collapse %.3f ms, %.1f ns an item step; appending and deleting a child %.1f ns an item step (counted as %d steps)",
                    name, move, measured[1].medianMs, pair, measured[3].medianMs, met ? "met" : "NOT met",
                    nanosecondsPerStep,
                    measured[4].medianMs, measured[5].medianMs, measured[6].medianMs, boundSeconds,
                    outline.numberOfItems, measured[7].medianMs, outlineNanoseconds, treeNanoseconds,
                    WireOperation.outlineStepWeight))
        }
    }
}
