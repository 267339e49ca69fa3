import ListDiffHTTP
import ListDiffJSON

extension ListDiffService {
    /// `POST /v1/sessions`: a new session with an unguessable name; 201 with `Location`.
    func createSession(_ request: HTTPRequest) throws(ServiceProblem) -> HTTPResponse {
        let owner = try keys.owner(of: request)
        let session = store.createSession(owner: owner)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("session")
        writer.string(session.name)
        writer.endObject()
        var response = HTTPResponse.json(writer.bytes, status: 201)
        response.headers.append(name: "Location", value: "/v1/sessions/\(session.name)")
        return response
    }

    /// `GET /v1/sessions/{session}`: its snapshots with version, digest and item count.
    func getSession(_ request: HTTPRequest, _ route: SessionRoute) throws(ServiceProblem) -> HTTPResponse {
        let session = try existingSession(request, route)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("session")
        writer.string(session.name)
        writer.key("snapshots")
        writer.beginArray()
        for (name, stored) in session.listing() {
            let state = stored.state()
            guard state.version.number > 0 else { continue }
            writer.beginObject()
            writer.key("name")
            writer.string(name)
            writer.key("version")
            writer.string(state.version.text)
            writer.key("digest")
            writer.string(state.digest)
            writer.key("items")
            writer.int(state.packed.numberOfItems)
            writer.key("flat")
            writer.bool(state.isFlat)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return .json(writer.bytes)
    }

    /// `DELETE /v1/sessions/{session}`: 204; its long polls are answered 404.
    func deleteSession(_ request: HTTPRequest, _ route: SessionRoute) throws(ServiceProblem) -> HTTPResponse {
        let session = try existingSession(request, route)
        store.removeSession(owner: session.owner, name: session.name)
        return HTTPResponse(status: 204)
    }
}
