import ListDiff
import ListDiffJSON

/// The duplicated identifiers found in one snapshot (up to the reported limit) and where the
/// first duplicate occurrence is.
internal struct _Duplicates {
    var ids: [WireID] = []
    var firstOffset = 0
    var firstPointer = JSONPointer()

    /// Notes a duplicate occurrence at `pointer`, which only the first one takes. O(1), or
    /// O(path) for the first.
    mutating func note(_ id: WireID, offset: Int, pointer: @autoclosure () -> JSONPointer) {
        if ids.isEmpty {
            firstOffset = offset
            firstPointer = pointer()
        }
        if ids.count < WireSnapshotError.reportedDuplicateLimit, !ids.contains(id) { ids.append(id) }
    }

    /// Throws if duplicates were noted: the error points at the first duplicate occurrence and
    /// lists the duplicated identifiers. O(duplicates).
    func check(_ what: String, reader: JSONReader) throws(JSONReadError) {
        guard !ids.isEmpty else { return }
        let list = ids.map { "\"\($0.string)\"" }.joined(separator: ", ")
        let more = ids.count >= WireSnapshotError.reportedDuplicateLimit ? " (first \(ids.count) shown)" : ""
        var error = reader.error(
            .schemaViolation, at: firstOffset, pointer: firstPointer,
            expected: "\(what) identifiers unique across the snapshot",
            found: "duplicated \(what) identifiers \(list)\(more); this is the first repeat")
        error.duplicates = ids.map(\.string)
        throw error
    }
}
