/// What a connection remembers about the request being answered: enough to frame the
/// response and write the access-log line, without keeping the request itself.
struct InFlightRequest {
    var method: String
    var target: String
    var isHead: Bool
    var keepAlive: Bool
    var isHTTP10: Bool
    var bytesIn: Int
    var startedAt: UInt64
}
