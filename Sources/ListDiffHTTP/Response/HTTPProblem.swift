/// An RFC 9457 problem detail, sent as `application/problem+json`. The transport answers its
/// own protocol errors (400, 408, 413, 414, 431, 503, ...) with these; handlers may too.
public struct HTTPProblem: Sendable, Equatable {
    /// A URI naming the problem type; `about:blank` means "the status says it all".
    public var type: String
    public var title: String
    public var status: Int
    /// What is wrong and where, for a human.
    public var detail: String

    public init(type: String = "about:blank", title: String? = nil, status: Int, detail: String) {
        self.type = type
        self.title = title ?? HTTPStatusPhrase.phrase(for: status)
        self.status = status
        self.detail = detail
    }

    /// The JSON body: `{"type":…,"title":…,"status":…,"detail":…}`.
    public var jsonBytes: [UInt8] {
        var json = "{\"type\":"
        JSONStringEscaping.append(type, to: &json)
        json += ",\"title\":"
        JSONStringEscaping.append(title, to: &json)
        json += ",\"status\":\(status),\"detail\":"
        JSONStringEscaping.append(detail, to: &json)
        json += "}"
        return Array(json.utf8)
    }

    /// The problem as a response (with `Connection: close` if `closesConnection`).
    public func response(closesConnection: Bool = false) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/problem+json"],
            body: jsonBytes, closesConnection: closesConnection
        )
    }
}
