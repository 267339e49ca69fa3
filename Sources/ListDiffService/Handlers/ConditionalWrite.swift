import ListDiffHTTP
import ListDiffStore

extension ListDiffService {
    /// Makes a write under `conditions` (given to the store as their ``WriteConditions/precondition``)
    /// and answers `respond`'s response to its result; its 412 says why the conditions refused
    /// it — worked out from the version the store found.
    func conditionalWrite(
        _ conditions: WriteConditions, _ write: (WritePrecondition, @escaping StoreAnswer<WriteResult>) -> Void,
        respond: @escaping @Sendable (WriteResult) -> HTTPResponse
    ) throws(ServiceProblem) -> HTTPHandlerResult {
        try afterStore {
            write(conditions.precondition, $0)
        } answering: { [self] (outcome) throws(ServiceProblem) in
            switch outcome {
            case .success(let result): return .response(respond(result))
            case .failure(.versionMismatch(let current)):
                throw ServiceProblem.versionMismatch(conditions.failure(current: current), current: current)
            case .failure(let error): throw storeCalls.problem(error, configuration: configuration)
            }
        }
    }
}
