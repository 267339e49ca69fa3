import ListDiffHTTP

/// Optional bearer-token keys. With none configured every request is owner 0; with keys,
/// every `/v1` request must present one (`Authorization: Bearer <key>`), and its position
/// (from 1) is the owner whose sessions the request sees.
struct APIKeys: Sendable {
    private let keys: [[UInt8]]

    init(_ keys: [String]) {
        self.keys = keys.filter { !$0.isEmpty }.map { Array($0.utf8) }
    }

    var isEnabled: Bool { !keys.isEmpty }

    /// The owner of the request's key, or a 401 problem with `WWW-Authenticate` (400 for two
    /// `Authorization` fields: which one counts is not for the server to guess). Needs only
    /// the head, so it runs before a body is read too.
    func owner(of request: HTTPRequest) throws(ServiceProblem) -> Int {
        guard isEnabled else { return 0 }
        let fields = request.headers.values(for: "Authorization")
        guard fields.count <= 1 else {
            throw ServiceProblem.invalidHeader(
                "Authorization", "the request has \(fields.count) Authorization fields; send exactly one")
        }
        guard let header = fields.first else {
            throw Self.unauthorized("this server requires an API key: send 'Authorization: Bearer <key>'", error: nil)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw Self.unauthorized("the Authorization header must be 'Bearer <key>'", error: "invalid_request")
        }
        let presented = Array(parts[1].trimmingSpaces.utf8)
        var owner = 0
        for (index, key) in keys.enumerated() where Self.constantTimeEqual(key, presented) {
            owner = index + 1
        }
        guard owner > 0 else { throw Self.unauthorized("the API key is not valid", error: "invalid_token") }
        return owner
    }

    /// Compares every byte of the longer input, so the time taken does not tell how much of a
    /// guess was right.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count) | (lhs.count == rhs.count ? 0 : 1)
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }

    private static func unauthorized(_ detail: String, error: String?) -> ServiceProblem {
        var problem = ServiceProblem(401, "unauthorized", title: "Unauthorized", detail: detail)
        problem.headers.append(
            name: "WWW-Authenticate", value: "Bearer realm=\"listdiff\"" + (error.map { ", error=\"\($0)\"" } ?? ""))
        return problem
    }
}
