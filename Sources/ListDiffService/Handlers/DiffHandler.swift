import ListDiffHTTP
import ListDiffWire

extension ListDiffService {
    /// `POST /v1/diff`: `{"old": S, "new": S}` → the changeset, in the form and update style
    /// the query asks for; flat lists are answered with plain indexes.
    func diff(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let format = try ChangesetFormat(query: request.http)
        // The caller sent both lists: there is nothing it lacks.
        if format.includesValues { throw ServiceProblem.badQuery("include", "values", allowed: "nothing on /v1/diff") }
        let decoded: WireDiffRequest
        do {
            decoded = try WireDecoder.diffRequest(request.http.body)
        } catch {
            throw ServiceProblem.readError(error, of: request.http)
        }
        // The request outlives its snapshots' copies read here, so that it releases their items
        // last, in the wire's specialised code (see `WireDiffRequest`); each read once: every
        // read is a copy.
        let changeset = try withExtendedLifetime(decoded) { () throws(ServiceProblem) -> WireChangeset in
            let old = decoded.old
            let new = decoded.new
            try checkItemLimit(old.numberOfItems, pointer: "/old")
            try checkItemLimit(new.numberOfItems, pointer: "/new")
            do {
                return try TimedChangesets(metrics: diffMetrics).changeset(
                    from: old, to: new, codes: decoded.itemCodes, format: format)
            } catch {
                throw ServiceProblem.invalidSnapshot("\(error)")
            }
        }
        return .json(WireEncoder.changeset(changeset, flat: decoded.isFlat))
    }
}
