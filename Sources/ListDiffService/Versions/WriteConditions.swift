import ListDiffHTTP

/// The preconditions of a write (RFC 9110 §13.2.2): `If-Match` first, then `If-None-Match`;
/// either failing is a 412 and nothing is changed. `If-None-Match: *` makes a write
/// create-only.
struct WriteConditions {
    var ifMatch: EntityTagList?
    var ifNoneMatch: EntityTagList?

    /// No preconditions.
    init() {}

    /// The request's conditions; 400 if either header is not `*` or a list of entity tags.
    init(_ request: HTTPRequest) throws(ServiceProblem) {
        ifMatch = try Self.list("If-Match", request)
        ifNoneMatch = try Self.list("If-None-Match", request)
    }

    /// Nothing if a write over `current` (`exists`: written at least once) may go ahead,
    /// else the 412 naming the current version.
    func check(current: SnapshotVersion, exists: Bool) throws(ServiceProblem) {
        if let ifMatch, !ifMatch.matchesStrongly(current, exists: exists) {
            let reason = !exists ? "If-Match needs a snapshot that exists, and it does not"
                : ifMatch.matchesWeakly(current, exists: exists) ? "If-Match names the current version \(current.text) only as a weak tag (W/\"…\"), which never matches a write (strong comparison); send the ETag as given"
                : "If-Match does not name the current version \(current.text)"
            throw Self.failed(reason, current: current)
        }
        if let ifNoneMatch, ifNoneMatch.matchesWeakly(current, exists: exists) {
            throw Self.failed(ifNoneMatch == .any ? "If-None-Match: * allows only creating the snapshot, and it exists at version \(current.text)" : "If-None-Match names the current version \(current.text)", current: current)
        }
    }

    static func list(_ name: String, _ request: HTTPRequest) throws(ServiceProblem) -> EntityTagList? {
        switch EntityTagList.parse(request.headers.values(for: name)) {
        case .success(let list):
            return list
        case .failure(let malformed):
            throw ServiceProblem.invalidHeader(name, "\(name) is '\(malformed.value.prefix(200))'; it must be * or a comma-separated list of entity tags, each a version in double quotes as ETag gives it, e.g. \"<epoch>.3\"")
        }
    }

    private static func failed(_ reason: String, current: SnapshotVersion) -> ServiceProblem {
        var problem = ServiceProblem(412, "version-mismatch", title: "Precondition failed",
                                     detail: "\(reason); nothing was changed",
                                     extensions: [.init("currentVersion", .string(current.text))])
        problem.headers.append(name: "ETag", value: current.entityTag)
        return problem
    }
}
