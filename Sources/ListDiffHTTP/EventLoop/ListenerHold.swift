/// An event loop's hold on the shared listener.
enum ListenerHold: Equatable {
    /// Registered with the loop's poller: new connections wake this loop.
    case listening
    /// Out of descriptors: not polled until `until` (monotonic ns) or until a connection closes.
    case paused(until: UInt64)
    /// Let go for good (shutdown or teardown).
    case released
}
