/// Where one connection is in its life. Every move is a method of this type that stops the
/// process on a move its state does not allow (see `ConnectionState+Transitions.swift`), so
/// no combination of separate flags can describe a connection that cannot exist.
///
///     serving ──request to a worker or deferred──▶ awaiting ──answer──▶ serving
///     serving ──handler returned a stream──▶ streaming (from awaiting, via serving, for a worker's)
///     streaming ──finished, or shutdown's farewell queued──▶ closingAfterWrite
///     serving ──response that closes, or input ended mid-request──▶ closingAfterWrite
///     closingAfterWrite ──output sent──▶ lingering (or closed, if the client ended its input)
///     lingering ──client closed, discard limit or deadline──▶ closed
///     any state ──error, hang-up, timeout, shutdown──▶ closed
///
/// Every `switch` over this type lists each case without `default`, so the compiler names
/// every rule a case must decide. For `streaming`: like `awaiting` it reads no pipelined
/// request (its input is read only to notice the client leaving, and thrown away); unlike
/// it, its bytes go out as they come; it is exempt from the idle timeout (heartbeats keep it
/// alive) but not from the write rate; on shutdown it gets its farewell and its end.
enum ConnectionState {
    /// Reading and answering requests in order. The parser's phase says whether a head or a
    /// body is being read; answers queued earlier may still be being written (pipelining).
    case serving
    /// A request's answer comes later: from a worker thread or a deferred response (a long
    /// poll). Parsing pauses meanwhile, which keeps pipelined answers in request order.
    case awaiting(InFlightRequest, AwaitedAnswer)
    /// A streamed response (``HTTPResponseStream``) is being sent; when it ends the
    /// connection closes. No request after it is read or answered.
    case streaming(StreamingResponse)
    /// The last response is queued; once it is sent the connection closes. No request after
    /// it is read or answered.
    case closingAfterWrite(discardLimit: Int)
    /// Writing is shut down and the client's leftover input is read and discarded.
    case lingering(LingeringClose)
    /// The descriptor is closed; nothing more happens on this connection.
    case closed
}
