import ListDiffHTTP
import ListDiffStore

extension ListDiffService {
    /// Makes a write under `conditions` (given to the store as their ``WriteConditions/precondition``)
    /// and answers `respond`'s answer to its result; its 412 says why the conditions refused
    /// it — worked out from the version the store found.
    func conditionalWrite(
        _ conditions: WriteConditions, _ write: (WritePrecondition, @escaping StoreAnswer<WriteResult>) -> Void,
        respond: @escaping @Sendable (WriteResult) throws(ServiceProblem) -> HTTPDeferredResponse.Answer
    ) throws(ServiceProblem) -> HTTPHandlerResult {
        try afterStore(
            { write(conditions.precondition, $0) },
            refusal: { [self] error in
                guard case .versionMismatch(let current) = error else {
                    return storeCalls.problem(error, configuration: configuration)
                }
                return ServiceProblem.versionMismatch(conditions.failure(current: current), current: current)
            }, respond: respond)
    }
}
