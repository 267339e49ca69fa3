import ListDiffHTTP
import ListDiffStore

extension ListDiffService {
    /// `GET …/changes?since=V[&wait=N]`: the changeset from V to the current version, or a
    /// reset with the whole snapshot when V is from another process, unknown or no longer
    /// kept. With `wait`, a request whose V is current waits (no thread held) for the next
    /// write, or N seconds (capped), then answers an empty changeset from V to V.
    func changes(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let format = try ChangesetFormat(query: request.http)
        guard let sinceText = request.http.queryValue("since") else {
            throw ServiceProblem(
                400, "invalid-query", title: "Missing query parameter",
                detail:
                    "query parameter 'since' is required: the version the client holds, e.g. since=\(epoch.isEmpty ? "<epoch>" : epoch).3.<digest> (a version from another server gets a reset)",
                extensions: [.init("parameter", .string("since"))])
        }
        guard let since = SnapshotVersion(parsing: sinceText) else {
            throw ServiceProblem.badQuery(
                "since", sinceText, allowed: "a version '<epoch>.<number>.<digest>' as returned by this API")
        }
        var wait = 0.0
        if let waitText = request.http.queryValue("wait") {
            guard let seconds = Double(waitText), seconds >= 0, seconds.isFinite else {
                throw ServiceProblem.badQuery(
                    "wait", waitText, allowed: "seconds, 0 to \(Int(configuration.maxWaitSeconds))")
            }
            wait = min(seconds, configuration.maxWaitSeconds)
        }
        let address = try request.snapshotAddress()
        if wait > 0, let deferred = try longPoll(address, since: since, wait: wait, format: format) {
            return .deferred(deferred)
        }
        let changes = try stored { () throws(StoreError) in
            try store.changes(at: address, since: since, options: format.options)
        }
        return .response(ServiceJSON.response(to: changes, format: format))
    }

    /// A response the snapshot's next write answers, or the deadline `wait` seconds away
    /// (with what changed since `since` by then: normally nothing); nil when `since` is not
    /// the current version. The store holds the registration, this the response; whichever
    /// side stops waiting first ends the other.
    private func longPoll(_ address: SnapshotAddress, since: SnapshotVersion, wait: Double, format: ChangesetFormat)
        throws(ServiceProblem) -> HTTPDeferredResponse?
    {
        let deferred = HTTPDeferredResponse(timeout: wait) { [self] in
            do throws(ServiceProblem) {
                let changes = try stored { () throws(StoreError) in
                    try store.changes(at: address, since: since, options: format.options)
                }
                return ServiceJSON.response(to: changes, format: format)
            } catch {
                return error.response
            }
        }
        let bodies = longPollBodies
        let registration = try stored { () throws(StoreError) in
            try store.waitForChange(at: address, since: since, options: format.options) { [self] answer in
                switch answer {
                case .success(let changes):
                    deferred.complete(bodies.response(to: changes, at: address, format: format))
                case .failure(let error):
                    deferred.complete(ServiceProblem(error, idleSeconds: configuration.sessionIdleSeconds).response)
                }
            }
        }
        guard let registration else { return nil }
        deferred.onCancel { registration.cancel() }
        return deferred
    }
}
