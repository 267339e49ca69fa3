import ListDiffHTTP
import ListDiffStore
import ListDiffWire

extension ListDiffService {
    /// `POST …/operations`: applies the operations to the current snapshot, all or nothing
    /// (422 naming the failing one), and answers like PUT.
    func applyOperations(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let format = try ChangesetFormat(query: request.http)
        let operations: [WireOperation]
        do {
            operations = try WireDecoder.operations(request.http.body)
        } catch {
            throw ServiceProblem.readError(error, of: request.http)
        }
        let conditions = try WriteConditions(request.http)
        let address = try request.snapshotAddress()
        let result = try conditionalWrite(conditions) { (precondition) throws(StoreError) in
            try store.apply(operations, at: address, conditions: precondition, options: format.options)
        }
        return written(result, format: format, location: nil)
    }
}
