import ListDiffJSON

/// An RFC 9457 problem detail, sent as `application/problem+json`: the transport's own
/// answers to what it refuses before or around a route (400, 404, 405, 408, 413, 414, 431,
/// 503, ...). Its JSON is ListDiffJSON's ``ListDiffJSON/JSONWriter/writeProblem(type:title:status:detail:members:)``,
/// the one problem writer every layer shares.
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

    /// The JSON body: `{"type":…,"title":…,"status":…,"detail":…}`. O(size).
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 96 + detail.utf8.count)
        writer.writeProblem(type: type, title: title, status: status, detail: detail)
        return writer.bytes
    }

    /// The problem as a response (with `Connection: close` if `closesConnection`).
    public func response(closesConnection: Bool = false) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": JSONWriter.problemMediaType],
            body: jsonBytes, closesConnection: closesConnection
        )
    }
}
