import ListDiffHTTP
import ListDiffStore
import ListDiffWire

extension ListDiffService {
    /// `PUT /v1/sessions/{session}/snapshots/{name}`: stores a new version (the store creates
    /// the session and the snapshot if needed, and removes them again if the write is refused)
    /// and answers the changeset from the previous one.
    func putSnapshot(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let address = try request.writableSnapshotAddress()
        let format = try ChangesetFormat(query: request.http)
        let document: WireSnapshotDocument
        do {
            document = try WireDecoder.snapshot(request.http.body)
        } catch {
            throw ServiceProblem.readError(error, of: request.http)
        }
        let conditions = try WriteConditions(request.http)
        let location = "/v1/sessions/\(address.session)/snapshots/\(address.snapshot)"
        return try conditionalWrite(conditions) { precondition, answer in
            store.write(
                document.snapshot, isFlat: document.isFlat, at: address, conditions: precondition,
                options: format.options, answer)
        } respond: { [self] result in
            .response(written(result, format: format, location: location))
        }
    }

    /// `GET /v1/sessions/{session}/snapshots/{name}`: the snapshot, its version and digest;
    /// `If-None-Match` with the current version → 304. With `subtree=<item>`: that item's
    /// subtree instead (`includingParent=false`: its children's), like Apple's
    /// `snapshot(of:includingParent:)`.
    func getSnapshot(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let address = try request.snapshotAddress()
        // The query is checked first, whatever it asks for: a bad one is a 400 even when the
        // snapshot is missing or the client's copy is current (not a 404 or a 304).
        let subtree = request.http.queryValue("subtree")
        if subtree?.isEmpty == true { throw ServiceProblem.badQuery("subtree", "", allowed: "an item's identifier") }
        let includingParent: Bool
        switch request.http.queryValue("includingParent") {
        case nil, "true": includingParent = true
        case "false": includingParent = false
        case let other?: throw ServiceProblem.badQuery("includingParent", other, allowed: "true or false")
        }
        let unlessMatching = try EntityTagList(field: "If-None-Match", of: request.http)
        return try afterStore {
            store.read(address, $0)
        } respond: { [self] (version) throws(ServiceProblem) in
            .response(
                try snapshotResponse(
                    version, at: address, unlessMatching: unlessMatching, subtree: subtree,
                    includingParent: includingParent))
        }
    }

    /// `GET`'s answer once the store has read `version`: 304 when `unlessMatching` names it,
    /// else the snapshot, or the subtree of `subtree`.
    private func snapshotResponse(
        _ version: StoredVersion, at address: SnapshotAddress, unlessMatching: EntityTagList?, subtree: String?,
        includingParent: Bool
    ) throws(ServiceProblem) -> HTTPResponse {
        // If-None-Match compares weakly (RFC 9110 §13.1.2): `W/"…"` matches too.
        if let unlessMatching, unlessMatching.matchesWeakly(version.head.version, exists: true) {
            var response = HTTPResponse(status: 304)
            response.headers.append(name: "ETag", value: version.head.version.entityTag)
            return response
        }
        guard let subtree else {
            let body = snapshotBodies.body(of: version, at: address, form: .snapshot)
            return ServiceJSON.response(body, version: version.head.version)
        }
        let snapshot = version.snapshot()
        guard let (section, items) = snapshot.subtree(of: WireID(subtree), includingParent: includingParent) else {
            throw ServiceProblem.notFound("the snapshot has no item '\(subtree)'")
        }
        let body = ServiceJSON.subtree(version: version, section: section, items: items)
        return ServiceJSON.response(body, version: version.head.version)
    }

    /// `DELETE /v1/sessions/{session}/snapshots/{name}`: 204; its long polls are answered 404.
    func deleteSnapshot(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let address = try request.snapshotAddress()
        return try afterStore {
            store.deleteSnapshot(address, $0)
        } respond: { _ in
            .response(HTTPResponse(status: 204))
        }
    }

    /// `{"from", "to", "digest", "changeset"}` with the new version's ETag; 201 and
    /// `Location` when the write created the snapshot.
    func written(_ result: WriteResult, format: ChangesetFormat, location: String?) -> HTTPResponse {
        let body = ServiceJSON.changes(
            from: result.from, to: result.head, diff: result.diff, format: format, metrics: diffMetrics)
        var response = ServiceJSON.response(body, status: result.created ? 201 : 200, version: result.head.version)
        if result.created, let location { response.headers.append(name: "Location", value: location) }
        return response
    }
}
