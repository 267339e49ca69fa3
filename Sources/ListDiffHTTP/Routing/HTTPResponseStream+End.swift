extension HTTPResponseStream {
    /// Why a stream ended without the application finishing it.
    public enum End: Sendable, Equatable {
        /// The client closed its connection (or reset it).
        case clientGone
        /// Its unsent bytes passed ``HTTPLimits/streamMaxBufferBytes``, its reader fell behind
        /// the minimum write rate, a piece did not fit ``HTTPLimits/maxBufferedResponseBytes``,
        /// or the server closed it as a reader that had stopped reading while at that limit:
        /// the connection was closed.
        case slowReader
        /// The server shut down: the farewell bytes were sent, then the end of the body.
        case shutdown
        /// Never started: past ``HTTPLimits/maxStreams`` (answered 503), or the request was
        /// HEAD (answered with the head alone).
        case refused
        /// Writing to the socket failed.
        case writeFailed

        /// The access log's name for it.
        var label: String {
            switch self {
            case .clientGone: "clientGone"
            case .slowReader: "slowReader"
            case .shutdown: "shutdown"
            case .refused: "refused"
            case .writeFailed: "writeFailed"
            }
        }
    }
}
