/// What other threads tell an event loop through its mailbox.
enum LoopMessage: Sendable {
    /// A heavy handler finished for the connection `fd` with identity `connectionID`.
    case handlerFinished(fd: Int32, connectionID: UInt64, response: HTTPResponse)
    /// A heavy handler deferred its response for the connection `fd` with identity `connectionID`.
    case handlerDeferred(fd: Int32, connectionID: UInt64, response: HTTPDeferredResponse)
    /// A heavy handler returned a stream, or a deferred response was completed with one, for
    /// the connection `fd` with identity `connectionID`.
    case handlerStreamed(fd: Int32, connectionID: UInt64, stream: HTTPResponseStream)
    /// The stream of the connection `fd` with identity `connectionID` has output to take.
    case streamOutput(fd: Int32, connectionID: UInt64)
    /// Stop accepting, finish in-flight requests, close everything by `deadline` (monotonic ns).
    case beginShutdown(deadline: UInt64)
    /// The server's unsent response bytes reached their limit: close the readers that stopped
    /// reading (``EventLoop/closeStalledReaders()``).
    case responseBudgetPressure
}
