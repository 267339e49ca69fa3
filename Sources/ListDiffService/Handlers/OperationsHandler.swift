import ListDiffHTTP
import ListDiffStore
import ListDiffWire

extension ListDiffService {
    /// `POST …/operations`: applies the operations to the current snapshot, all or nothing
    /// (422 naming the failing one), and answers like PUT.
    func applyOperations(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let format = try ChangesetFormat(query: request.http)
        let operations: [WireOperation]
        do {
            operations = try WireDecoder.operations(request.http.body)
        } catch {
            throw ServiceProblem.readError(error, of: request.http)
        }
        let conditions = try WriteConditions(request.http)
        let address = try request.snapshotAddress()
        return try conditionalWrite(conditions) { precondition, answer in
            store.apply(operations, at: address, conditions: precondition, options: format.options, answer)
        } respond: { [self] result in
            .response(written(result, format: format, location: nil))
        }
    }
}
