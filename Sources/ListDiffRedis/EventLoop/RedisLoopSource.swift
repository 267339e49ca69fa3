/// What a ``RedisEventLoop`` drives: a connection's descriptor and its deadlines. Every method
/// is called on the loop's thread only.
protocol RedisLoopSource: AnyObject {
    /// The descriptor became ready: `events` holds `CLD_READABLE`, `CLD_WRITABLE`, `CLD_HANGUP`
    /// or `CLD_ERROR` bits.
    func handle(_ events: UInt32)

    /// The soonest time (monotonic seconds, ``SystemSocket/now()``) this source has something
    /// to do without its descriptor: a reply overdue, a ping due; nil when none.
    var nextDeadline: Double? { get }

    /// `now` reached ``nextDeadline``: do what was due.
    func deadlineReached(now: Double)
}
