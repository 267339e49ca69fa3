import ListDiff
import ListDiffHTTP
import ListDiffJSON

extension ListDiffService {
    /// `PUT /v1/sessions/{session}/snapshots/{name}`: stores a new version (creating the
    /// session and the snapshot if needed) and answers the changeset from the previous one.
    func putSnapshot(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let owner = request.owner
        let sessionName = try request.sessionName()
        let snapshotName = try request.snapshotName()
        let format = try ChangesetFormat(query: request.http)
        let document: WireSnapshotDocument
        do {
            document = try WireDecoder.snapshot(request.http.body)
        } catch {
            throw ServiceProblem.readError(error)
        }
        try checkItemLimit(document.snapshot.numberOfItems, pointer: "")
        let conditions = try WriteConditions(request.http)
        let (session, createdSession) = store.sessionCreatingIfMissing(owner: owner, name: sessionName)
        var evicted: [Session] = []
        defer { store.releaseEvicted(evicted) }
        let outcome: StoredSnapshot.WriteOutcome
        do throws(ServiceProblem) {
            let stored = try session.snapshotCreatingIfMissing(named: snapshotName, limit: configuration.maxSnapshotsPerSession) { makeSnapshot() }
            do throws(ServiceProblem) {
                outcome = try stored.write(conditions: conditions, isFlat: document.isFlat, format: format, admit: { (delta, older) throws(ServiceProblem) in
                    try store.admit(delta, olderVersionBytes: older, for: session, evicted: &evicted)
                }) { _, _ in document.snapshot }
            } catch {
                // Nothing half-applied: a snapshot this write made goes again.
                if stored.state().version.number == 0 { _ = store.removeSnapshot(snapshotName, of: session) }
                throw error
            }
        } catch {
            // …and so does a session it made.
            if createdSession { store.removeSession(owner: owner, name: sessionName) }
            throw error
        }
        return written(outcome, format: format, location: "/v1/sessions/\(sessionName)/snapshots/\(snapshotName)")
    }

    /// `GET /v1/sessions/{session}/snapshots/{name}`: the snapshot, its version and digest;
    /// `If-None-Match` with the current version → 304.
    func getSnapshot(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let (_, stored) = try existingSnapshot(request)
        let state = stored.state()
        guard state.version.number > 0 else { throw ServiceProblem.notFound("snapshot '\(try request.snapshotName())' has no version yet") }
        // If-None-Match compares weakly (RFC 9110 §13.1.2): `W/"…"` matches too.
        if let tags = try WriteConditions.list("If-None-Match", request.http), tags.matchesWeakly(state.version, exists: true) {
            var response = HTTPResponse(status: 304)
            response.headers.append(name: "ETag", value: state.version.entityTag)
            return response
        }
        return ServiceJSON.response(ServiceJSON.snapshot(version: state.version, digest: state.digest, snapshot: state.snapshot, flat: state.isFlat),
                                    version: state.version)
    }

    /// `DELETE /v1/sessions/{session}/snapshots/{name}`: 204; its long polls are answered 404.
    func deleteSnapshot(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let (session, _) = try existingSnapshot(request)
        _ = store.removeSnapshot(try request.snapshotName(), of: session)
        return HTTPResponse(status: 204)
    }

    /// `POST …/operations`: applies the operations to the current snapshot, all or nothing
    /// (422 naming the failing one), and answers like PUT.
    func applyOperations(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let format = try ChangesetFormat(query: request.http)
        let operations: [WireOperation]
        do {
            operations = try WireDecoder.operations(request.http.body)
        } catch {
            throw ServiceProblem.readError(error)
        }
        let conditions = try WriteConditions(request.http)
        let (session, stored) = try existingSnapshot(request)
        let limit = configuration.maxItemsPerSnapshot
        let workLimit = configuration.maxOperationWork
        var evicted: [Session] = []
        defer { store.releaseEvicted(evicted) }
        let outcome = try stored.write(conditions: conditions, isFlat: nil, format: format, admit: { (delta, older) throws(ServiceProblem) in
            try store.admit(delta, olderVersionBytes: older, for: session, evicted: &evicted)
        }) { (current, isFlat) throws(ServiceProblem) in
            if isFlat, let index = operations.firstIndex(where: \.referencesSection) {
                throw ServiceProblem.formMismatch(storedIsFlat: true, "; operation \(index) names a section, which a flat list does not have (use the item operations, or DELETE and PUT a sectioned list)",
                                                  extensions: [.init("operationIndex", .int(index)), .init("pointer", .string("/operations/\(index)"))])
            }
            // Each operation may walk its section (a move, a delete): bound the whole before any.
            let items = current.numberOfItems
            let (work, overflow) = operations.count.multipliedReportingOverflow(by: items + 1)
            guard !overflow, work <= workLimit else { throw ServiceProblem.tooMuchWork(operations: operations.count, items: items, limit: workLimit) }
            let next: WireSnapshot
            do throws(WireOperationError) {
                next = try current.applying(operations)
            } catch {
                throw ServiceProblem(ProblemDetails(operationError: error, type: ServiceProblem.type("operation-failed")))
            }
            guard next.numberOfItems <= limit else { throw ServiceProblem.tooManyItems(next.numberOfItems, limit: limit, pointer: "/operations") }
            return next
        }
        return written(outcome, format: format, location: nil)
    }

    /// `{"from", "to", "digest", "changeset"}` with the new version's ETag; 201 and
    /// `Location` when the write created the snapshot.
    private func written(_ outcome: StoredSnapshot.WriteOutcome, format: ChangesetFormat, location: String?) -> HTTPResponse {
        let body = ServiceJSON.changes(from: outcome.from, to: outcome.to, digest: outcome.digest, diff: outcome.diff, format: format, flat: outcome.isFlat)
        let created = outcome.from.number == 0 && outcome.to.number > 0
        var response = ServiceJSON.response(body, status: created ? 201 : 200, version: outcome.to)
        if created, let location { response.headers.append(name: "Location", value: location) }
        return response
    }
}
