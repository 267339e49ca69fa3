import ListDiffHTTP
import ListDiffStore
import ListDiffWire

extension ListDiffService {
    /// The header a sharding proxy sets on `POST /v1/sessions` to name the new session (nginx:
    /// `$request_id`, 128 random bits): the proxy routes by the same name later, so the session
    /// is made on the instance that will own it.
    static let sessionNameHeader = "X-ListDiff-Session-Name"

    /// `POST /v1/sessions`: a new session with an unguessable name (or the one a sharding
    /// proxy chose); 201 with `Location`.
    func createSession(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let proposed = request.http.headers[Self.sessionNameHeader]
        if let proposed, !NameRules.isValid(proposed) { throw ServiceProblem.invalidName("session", proposed) }
        return try afterStore {
            store.createSession(owner: request.owner, name: proposed, $0)
        } respond: { name in
            var response = HTTPResponse.json(WireEncoder.createdSession(name), status: 201)
            response.headers.append(name: "Location", value: "/v1/sessions/\(name)")
            return .response(response)
        }
    }

    /// `GET /v1/sessions/{session}`: its snapshots with version, digest and item count.
    func getSession(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let name = try request.sessionName()
        return try afterStore {
            store.listSnapshots(owner: request.owner, session: name, $0)
        } respond: { listing in
            .response(.json(WireEncoder.sessionListing(listing)))
        }
    }

    /// `DELETE /v1/sessions/{session}`: 204; its long polls are answered 404.
    func deleteSession(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let name = try request.sessionName()
        return try afterStore {
            store.deleteSession(owner: request.owner, session: name, $0)
        } respond: { _ in
            .response(HTTPResponse(status: 204))
        }
    }
}
