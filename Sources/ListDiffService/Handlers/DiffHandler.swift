import ListDiff
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
        let changeset = try decoded.withSnapshots { old, new, codes throws(ServiceProblem) in
            try requestedChangeset(from: old, to: new, codes: codes, format: format)
        }
        return .json(WireEncoder.changeset(changeset, flat: decoded.isFlat))
    }

    /// The changeset from `old` to `new` of a diff request, whose snapshots are within the
    /// item limit.
    func requestedChangeset(
        from old: WireSnapshot, to new: WireSnapshot, codes: ItemCodes?, format: ChangesetFormat
    ) throws(ServiceProblem) -> WireChangeset {
        try checkItemLimit(old.numberOfItems, pointer: "/old")
        try checkItemLimit(new.numberOfItems, pointer: "/new")
        do {
            return try TimedChangesets(metrics: diffMetrics).changeset(from: old, to: new, codes: codes, format: format)
        } catch {
            throw ServiceProblem.invalidSnapshot("\(error)")
        }
    }
}
