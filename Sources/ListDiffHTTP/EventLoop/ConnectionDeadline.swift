/// A connection's next timeout: when it passes and what the loop then does
/// (``EventLoop/nextDeadline(of:)``).
struct ConnectionDeadline {
    enum Action {
        /// A lingering close ran its time: close.
        case endLinger
        /// Queued output made no progress for the write timeout, or too little for the
        /// minimum write rate: the reader is too slow.
        case cutSlowReader
        /// A deferred answer's wait ran out: send its timeout response.
        case expireWait
        /// Between requests for the idle timeout (at once while shutting down): close.
        case closeIdle
        /// No byte of the request body for the body timeout: 408.
        case bodyStalled
        /// The request body arrives slower than the minimum body rate: 408.
        case bodyTooSlow
        /// The request head not complete within the header timeout: 408.
        case headTooSlow
    }

    /// Monotonic ns.
    var at: UInt64
    var action: Action
}
