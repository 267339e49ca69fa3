/// What a connection remembers about the request being answered: enough to frame the
/// response and write the access-log line, without keeping the request itself.
struct InFlightRequest {
    var method: String
    /// The route template (or `-` for requests refused before routing), for the access log.
    var route: String
    var isHead: Bool
    var keepAlive: Bool
    var isHTTP10: Bool
    var bytesIn: Int
    var startedAt: UInt64
    /// Its route answers with a stream (``HTTPHandler/streams``): the client's end of input
    /// while its handler runs does not abandon it.
    var streams = false
}

extension InFlightRequest {
    init(_ request: borrowing HTTPRequest, route: String, bytesIn: Int, startedAt: UInt64, streams: Bool = false) {
        self.init(
            method: request.method, route: route, isHead: request.method == "HEAD",
            keepAlive: request.keepAlive, isHTTP10: request.version == .http1_0,
            bytesIn: bytesIn, startedAt: startedAt, streams: streams
        )
    }
}
