import ListDiffHTTP

/// The session and snapshot names a route's path carries, validated.
struct SessionRoute {
    static let session = "/v1/sessions/{session}"
    static let snapshot = "/v1/sessions/{session}/snapshots/{name}"
    static let changes = "/v1/sessions/{session}/snapshots/{name}/changes"
    static let operations = "/v1/sessions/{session}/snapshots/{name}/operations"

    let parameters: RouteParameters

    init(_ parameters: RouteParameters) {
        self.parameters = parameters
    }

    func sessionName() throws(ServiceProblem) -> String {
        let name = parameters["session"] ?? ""
        guard NameRules.isValid(name) else { throw ServiceProblem.invalidName("session", name) }
        return name
    }

    func snapshotName() throws(ServiceProblem) -> String {
        let name = parameters["name"] ?? ""
        guard NameRules.isValid(name) else { throw ServiceProblem.invalidName("snapshot", name) }
        return name
    }
}

extension ListDiffService {
    /// The existing session the route names, for its owner; 404 if there is none.
    func existingSession(_ request: HTTPRequest, _ route: SessionRoute) throws(ServiceProblem) -> Session {
        let owner = try keys.owner(of: request)
        let name = try route.sessionName()
        guard let session = store.session(owner: owner, name: name) else {
            throw ServiceProblem.notFound("no session '\(name)' (sessions are per API key, and expire after \(Int(configuration.sessionIdleSeconds)) s unused)")
        }
        return session
    }

    /// The existing snapshot the route names; 404 if there is none.
    func existingSnapshot(_ request: HTTPRequest, _ route: SessionRoute) throws(ServiceProblem) -> (Session, StoredSnapshot) {
        let session = try existingSession(request, route)
        let name = try route.snapshotName()
        guard let stored = session.snapshot(named: name) else {
            throw ServiceProblem.notFound("no snapshot '\(name)' in session '\(session.name)'")
        }
        return (session, stored)
    }

    func makeSnapshot() -> StoredSnapshot {
        StoredSnapshot(epoch: epoch, versions: versions, versionsKept: configuration.versionsKept, diffMetrics: diffMetrics)
    }

    /// 422 when a snapshot holds more items than allowed.
    func checkItemLimit(_ count: Int, pointer: String) throws(ServiceProblem) {
        guard count <= configuration.maxItemsPerSnapshot else {
            throw ServiceProblem.tooManyItems(count, limit: configuration.maxItemsPerSnapshot, pointer: pointer)
        }
    }
}
