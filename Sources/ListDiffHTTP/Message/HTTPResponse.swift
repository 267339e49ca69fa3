/// What a handler returns. The transport adds `Date`, `Content-Length` and `Connection`
/// itself (any such headers set here are ignored), writes head and body in one system call,
/// and leaves the body out for HEAD requests.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Close the connection after this response even if the client wanted keep-alive.
    public var closesConnection: Bool

    public init(
        status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], closesConnection: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: Self.textHeaders, body: Array(text.utf8))
    }

    /// Shared by every text or JSON response (a handler that adds a field copies them first):
    /// no allocation, no bytes copied per response.
    private static let textHeaders = HTTPHeaders(name: "Content-Type", value: "text/plain; charset=utf-8")
    private static let jsonHeaders = HTTPHeaders(name: "Content-Type", value: "application/json")

    /// An `application/json` response from already encoded bytes.
    public static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, body: body)
    }
}
