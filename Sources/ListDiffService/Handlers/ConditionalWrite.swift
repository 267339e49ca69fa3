import ListDiffStore

extension ListDiffService {
    /// Runs a write under `conditions` (given to the store as their ``WriteConditions/precondition``),
    /// its 412 saying why they refused it — worked out from the version the store found.
    func conditionalWrite(
        _ conditions: WriteConditions, _ write: (WritePrecondition) throws(StoreError) -> WriteResult
    ) throws(ServiceProblem) -> WriteResult {
        let outcome = try stored { () throws(StoreError) -> Result<WriteResult, StoreError> in
            do throws(StoreError) {
                return .success(try write(conditions.precondition))
            } catch .versionMismatch(let current) {
                return .failure(.versionMismatch(current: current))
            }
        }
        switch outcome {
        case .success(let result): return result
        case .failure(.versionMismatch(let current)):
            throw ServiceProblem.versionMismatch(conditions.failure(current: current), current: current)
        case .failure(let error): throw ServiceProblem(error, configuration: configuration)
        }
    }
}
