import ListDiffHTTP

extension ListDiffService {
    /// `GET …/changes?since=V[&wait=N]`: the changeset from V to the current version, or a
    /// reset with the whole snapshot when V is from another process, unknown or no longer
    /// kept. With `wait`, a request whose V is current waits (no thread held) for the next
    /// write, or N seconds (capped), then answers an empty changeset from V to V.
    func changes(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let format = try ChangesetFormat(query: request.http)
        guard let sinceText = request.http.queryValue("since") else {
            throw ServiceProblem(400, "invalid-query", title: "Missing query parameter",
                                 detail: "query parameter 'since' is required: the version the client holds, e.g. since=\(epoch).3 (a version from another server gets a reset)",
                                 extensions: [.init("parameter", .string("since"))])
        }
        guard let since = SnapshotVersion(parsing: sinceText) else {
            throw ServiceProblem.badQuery("since", sinceText, allowed: "a version '<epoch>.<number>' as returned by this API")
        }
        var wait = 0.0
        if let waitText = request.http.queryValue("wait") {
            guard let seconds = Double(waitText), seconds >= 0, seconds.isFinite else {
                throw ServiceProblem.badQuery("wait", waitText, allowed: "seconds, 0 to \(Int(configuration.maxWaitSeconds))")
            }
            wait = min(seconds, configuration.maxWaitSeconds)
        }
        let (_, stored) = try existingSnapshot(request)
        if wait > 0, let deferred = try stored.waitForChange(since: since, wait: wait, format: format) {
            return .deferred(deferred)
        }
        return .response(StoredSnapshot.response(to: try stored.changes(since: since, format: format), format: format))
    }
}
