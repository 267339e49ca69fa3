/// A lingering close in progress: the response went out with a FIN, and input is read and
/// thrown away until the client closes, so unread input does not make the kernel send a
/// reset that destroys the response.
struct LingeringClose {
    /// Monotonic nanoseconds after which the connection is closed anyway.
    let deadline: UInt64
    /// Most bytes read and thrown away before giving up: enough for the rest of a body refused
    /// on its head, so a client that writes it all before reading still reads the answer
    /// (``EventLoop/discardAllowance(declaredBodyBytes:)``).
    let discardLimit: Int
    /// Bytes thrown away so far.
    private(set) var discarded = 0

    init(deadline: UInt64, discardLimit: Int) {
        self.deadline = deadline
        self.discardLimit = discardLimit
    }

    /// Counts `count` more bytes thrown away; false once past the limit.
    mutating func discard(_ count: Int) -> Bool {
        precondition(count > 0, "a lingering close counts only bytes it read")
        discarded += count
        return discarded <= discardLimit
    }
}
