/// One session the load process writes to and its followers follow: the last version written
/// (the PUT's `to`), its sequence number and, for each write, when it was sent and answered.
struct FollowedSession {
    let path: String
    /// The version the last answered write made.
    var version: String
    /// The sequence number of the last answered write (0: the first version, before the run).
    var sequence = 0
    /// A write is in flight: one at a time per session, so versions follow sequence numbers.
    var writing = false
    /// Nanoseconds (MonotonicClock) each write was sent and answered, by sequence number.
    var sent: [UInt64] = [0]
    var answered: [UInt64] = [0]

    init(number: Int) {
        path = "/v1/sessions/f\(number)/snapshots/feed"
        version = ""
    }
}
