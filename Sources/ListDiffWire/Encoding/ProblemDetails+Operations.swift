import ListDiff
import ListDiffJSON

extension ProblemDetails {
    /// A 422 problem for an operations list that does not apply to the stored snapshot: the
    /// failing operation's `pointer` (`/operations/3`), its `operationIndex` and the engine's
    /// reason (e.g. `no section with identifier "s9" in the snapshot`), and `duplicates` when
    /// it would repeat identifiers. Nothing was applied. O(message length).
    public init(operationError error: WireOperationError, type: String = "about:blank") {
        defer {
            switch error.reason {
            case .duplicateItems(let ids), .duplicateSections(let ids):
                extensions.append(Extension("duplicates", .strings(ids.map(\.string))))
            default: break
            }
        }
        self.init(
            type: type,
            title: "Operation does not apply",
            status: 422,
            detail: "Operation \(error.index) (at /operations/\(error.index)) cannot be applied: \(error.reason). "
                + "No operation was applied.",
            extensions: [
                Extension("pointer", .string(JSONPointer(tokens: ["operations", String(error.index)]).description)),
                Extension("operationIndex", .int(error.index))
            ]
        )
    }
}
