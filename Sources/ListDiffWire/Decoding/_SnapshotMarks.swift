import ListDiff
import ListDiffJSON

/// The marks of a snapshot being read (`reloaded`, `reconfigured`, `reloadedSections`) as
/// intern-table entries with their offsets; checked once the snapshot's elements are known,
/// since members may come in any order.
internal struct _SnapshotMarks {
    var reloaded: [Int] = []
    var reloadedOffsets: [Int] = []
    var reconfigured: [Int] = []
    var reconfiguredOffsets: [Int] = []
    var reloadedSections: [Int] = []
    var reloadedSectionOffsets: [Int] = []

    var isEmpty: Bool { reloaded.isEmpty && reconfigured.isEmpty && reloadedSections.isEmpty }

    /// Throws at the first mark naming an element this snapshot does not hold. O(marks).
    func validate(table: _InternTable, ordinal: UInt32, decoder: _WireDecoder) throws(JSONReadError) {
        let lists: [(StaticString, [Int], [Int], Bool)] = [
            ("reloaded", reloaded, reloadedOffsets, false),
            ("reconfigured", reconfigured, reconfiguredOffsets, false),
            ("reloadedSections", reloadedSections, reloadedSectionOffsets, true)
        ]
        for (name, entries, offsets, isSection) in lists {
            for (index, entry) in entries.enumerated() {
                let held = isSection ? table[entry].sectionMark == ordinal : table[entry].itemMark == ordinal
                guard !held else { continue }
                let (what, article) = isSection ? ("section", "a") : ("item", "an")
                let pointer = decoder.reader.pointer.appending(key: "\(name)").appending(index: index)
                throw decoder.reader.error(
                    .schemaViolation, at: offsets[index], pointer: pointer,
                    expected: "the identifier of \(article) \(what) in this snapshot",
                    found: "\"\(table.id(entry).string)\", which no \(what) of the snapshot has")
            }
        }
    }

    /// Sets the marks on `snapshot` (validated before, so the engine cannot refuse them).
    /// O(n) once to build the engine's item map when items are marked.
    func apply(to snapshot: inout WireSnapshot, table: _InternTable, decoder: _WireDecoder) throws(JSONReadError) {
        do {
            if !reloaded.isEmpty { try snapshot.reloadItems(reloaded.map { table.id($0) }) }
            if !reconfigured.isEmpty { try snapshot.reconfigureItems(reconfigured.map { table.id($0) }) }
            if !reloadedSections.isEmpty { try snapshot.reloadSections(reloadedSections.map { table.id($0) }) }
        } catch {
            throw decoder.reader.error(
                .schemaViolation, expected: "marks naming elements of the snapshot", found: "\(error)")
        }
    }
}
