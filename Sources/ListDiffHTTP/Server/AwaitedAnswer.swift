/// What a connection in ``ConnectionState/awaiting(_:_:)`` waits on.
enum AwaitedAnswer {
    /// A handler runs (or waits to run) on a worker thread; told when the client leaves first.
    case worker(HTTPClientPresence)
    /// A deferred response, answered by its timeout response at `deadline` (monotonic ns) if
    /// nobody completes it before.
    case deferred(HTTPDeferredResponse, deadline: UInt64)
}
