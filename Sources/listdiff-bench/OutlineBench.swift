import ListDiff

/// `outline-expand`: a 12,200-item outline showing 9,800 rows (200 folders of 60, 160 of them
/// expanded) where one more folder expands. Timed side by side: the outline's diff as a data
/// source makes it (the rows on screen kept from the last change, the new outline flattened
/// into visible rows and diffed against them, its rows dropped again: one flatten and one
/// release per change, as in steady state), the same with both outlines flattened, the flat
/// diff of the same rows without the outline, and the row diff alone. Target: the outline's
/// diff within 1.5× the flat one.
enum OutlineBench {
    static let name = "outline-expand"

    static func run(filter: String?, json: Bool, warmups: Int, runs: Int) {
        guard filter == nil || filter == name else { return }
        typealias Tree = Outline<String, Int>
        typealias Rows = Snapshot<String, String, OutlineRowContent<Int>>
        typealias Flat = Snapshot<String, String, Int>
        func folders(expanded: Int) -> Tree {
            let roots = (0..<200).map { folder in
                OutlineItem<String, Int>(
                    "f\(folder)", isExpanded: folder < expanded,
                    children: (0..<60).map { OutlineItem("f\(folder)-\($0)") })
            }
            guard let tree = try? Tree(roots: roots) else { preconditionFailure("\(name): identifiers are unique") }
            return tree
        }
        let old = folders(expanded: 160)
        let new = folders(expanded: 161)
        func flat(_ tree: Tree) -> Flat {
            guard
                let rows = try? Flat(sections: [
                    Flat.Section("s", items: ContiguousArray(tree.visibleItems.map { Flat.Item($0) }))
                ])
            else {
                preconditionFailure("\(name): rows are unique")
            }
            return rows
        }
        let (flatOld, flatNew) = (flat(old), flat(new))
        let (rowsOld, rowsNew) = (Rows(section: "s", visibleRowsOf: old), Rows(section: "s", visibleRowsOf: new))
        var counts = ChangesetCounts()
        let measured = Measurement.interleaved(
            warmups: warmups, runs: runs,
            [
                {
                    counts =
                        (try? SectionedDiff(from: rowsOld, to: Rows(section: "s", visibleRowsOf: new)))?.batch.counts
                        ?? ChangesetCounts()
                },
                { _ = (try? SectionedDiff(from: flatOld, to: flatNew))?.batch },
                { _ = (try? SectionedDiff(from: rowsOld, to: rowsNew))?.batch },
                {
                    _ =
                        (try? SectionedDiff(
                            from: Rows(section: "s", visibleRowsOf: old), to: Rows(section: "s", visibleRowsOf: new)))?
                        .batch
                }
            ])
        precondition(
            counts.itemInserts == 60 && counts.itemReconfigures == 1,
            "\(name): one folder's 60 rows inserted and the folder reconfigured")
        let ratio = measured[0].medianMs / measured[1].medianMs
        let bothRatio = measured[3].medianMs / measured[1].medianMs
        if json {
            print(
                #"{"scenario":"\#(name)","rows":\#(old.visibleRows.count),"medianMs":\#(String(format: "%.4f", measured[0].medianMs)),"flatMs":\#(String(format: "%.4f", measured[1].medianMs)),"rowDiffMs":\#(String(format: "%.4f", measured[2].medianMs)),"bothFlattenedMs":\#(String(format: "%.4f", measured[3].medianMs)),"flatRatio":\#(String(format: "%.2f", ratio)),"bothFlattenedRatio":\#(String(format: "%.2f", bothRatio)),"target":1.5,"met":\#(ratio <= 1.5)}"#
            )
        } else {
            print(
                String(
                    format:
                        "%@: %.3f ms per diff of %d rows (the new outline flattened and diffed against the rows shown; the row diff alone %.3f; both outlines flattened %.3f, ×%.2f); flat diff of the same rows %.3f ms; ×%.2f (target ≤ 1.5: %@)",
                    name, measured[0].medianMs, old.visibleRows.count, measured[2].medianMs, measured[3].medianMs,
                    bothRatio, measured[1].medianMs, ratio, ratio <= 1.5 ? "met" : "NOT met"))
        }
    }
}
