import ListDiffHTTP
import ListDiffJSON

extension ListDiffService {
    /// The header a sharding proxy sets on `POST /v1/sessions` to name the new session (nginx:
    /// `$request_id`, 128 random bits): the proxy routes by the same name later, so the session
    /// is made on the instance that will own it.
    static let sessionNameHeader = "X-ListDiff-Session-Name"

    /// `POST /v1/sessions`: a new session with an unguessable name (or the one a sharding
    /// proxy chose); 201 with `Location`.
    func createSession(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let owner = request.owner
        let session: Session
        if let proposed = request.http.headers[Self.sessionNameHeader] {
            guard NameRules.isValid(proposed) else { throw ServiceProblem.invalidName("session", proposed) }
            let (made, created) = store.sessionCreatingIfMissing(owner: owner, name: proposed)
            guard created else {
                throw ServiceProblem(409, "session-exists", title: "Session exists",
                                     detail: "a session named '\(proposed)' exists already; \(Self.sessionNameHeader) must name a new one")
            }
            session = made
        } else {
            session = store.createSession(owner: owner)
        }
        var writer = JSONWriter()
        writer.writeCreatedSession(session.name)
        var response = HTTPResponse.json(writer.bytes, status: 201)
        response.headers.append(name: "Location", value: "/v1/sessions/\(session.name)")
        return response
    }

    /// `GET /v1/sessions/{session}`: its snapshots with version, digest and item count.
    func getSession(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let session = try existingSession(request)
        var listing = WireSessionListing(session: session.name, snapshots: [])
        for (name, stored) in session.listing() {
            let state = stored.state()
            guard state.version.number > 0 else { continue }
            listing.snapshots.append(WireSessionListing.Snapshot(name: name, version: state.version.text, digest: state.digest,
                                                                 items: state.packed.numberOfItems, isFlat: state.isFlat))
        }
        var writer = JSONWriter()
        writer.writeSessionListing(listing)
        return .json(writer.bytes)
    }

    /// `DELETE /v1/sessions/{session}`: 204; its long polls are answered 404.
    func deleteSession(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPResponse {
        let session = try existingSession(request)
        store.removeSession(owner: session.owner, name: session.name)
        return HTTPResponse(status: 204)
    }
}
