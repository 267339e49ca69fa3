/// What a connection in ``ConnectionState/streaming(_:)`` holds: the application's stream
/// and what the loop needs to frame, time and log it. Touched only on its loop's thread.
final class StreamingResponse {
    let stream: HTTPResponseStream
    let request: InFlightRequest
    let status: Int
    /// HTTP/1.1 chunked framing; false for an HTTP/1.0 client, whose body ends at the close.
    let isChunked: Bool
    /// Heartbeat interval in monotonic ns and its bytes; nil without heartbeats.
    let heartbeatInterval: UInt64?
    let heartbeatBytes: [UInt8]
    /// Bytes queued for the socket so far, head included (for the access log).
    var bytesOut = 0
    /// When the loop last queued bytes of this stream (heartbeats are due `interval` after).
    var lastQueuedAt: UInt64
    /// Input thrown away while streaming; past a bound the connection is no longer read.
    var discardedInput = 0

    init(stream: HTTPResponseStream, request: InFlightRequest, status: Int, isChunked: Bool, now: UInt64) {
        self.stream = stream
        self.request = request
        self.status = status
        self.isChunked = isChunked
        if let heartbeat = stream.heartbeat {
            heartbeatInterval = max(MonotonicClock.nanoseconds(heartbeat.interval), 1_000_000)
            heartbeatBytes = heartbeat.bytes
        } else {
            heartbeatInterval = nil
            heartbeatBytes = []
        }
        lastQueuedAt = now
    }
}
