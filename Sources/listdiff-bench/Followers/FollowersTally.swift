/// What one load process counted: writes, every answer or event checked, deliveries with
/// their times, and the failures of each kind.
struct FollowersTally {
    /// One write reaching one follower: its session, its sequence number, when it was read.
    struct Delivery {
        let session: Int32
        let sequence: Int32
        let read: UInt64
    }

    var writes = 0
    /// Answers and events that brought a version, each checked against the follower's.
    var checked = 0
    var deliveries: [Delivery] = []
    /// Versions skipped (an answer or event not starting from the follower's version) and
    /// writes never delivered by the end.
    var lost = 0
    /// Deliveries of a write older than one already delivered.
    var outOfOrder = 0
    var errors = 0
    var reconnects = 0
    /// Requests the server refused with 503 (a limit, its store's queue), retried after a pause.
    var refusals = 0
    private var saidWhyRefused = false
    private var messages = 0

    /// Counts a version skipped or a write never delivered, printing the first few.
    mutating func lost(_ count: Int, _ message: String) {
        lost += count
        messages += 1
        if messages <= 5 { FollowersOutput.error("lost: \(message)") }
    }

    /// Counts a refusal and says why the first one came, once per process: a 503's problem
    /// names the limit.
    mutating func refused(_ problem: ArraySlice<UInt8>) {
        refusals += 1
        guard !saidWhyRefused else { return }
        saidWhyRefused = true
        FollowersOutput.error("first refusal (503): \(String(decoding: problem.prefix(300), as: UTF8.self))")
    }

    /// Counts an error and prints the first few, so a failed run says why.
    mutating func error(_ message: String) {
        errors += 1
        messages += 1
        if messages <= 5 { FollowersOutput.error(message) }
    }
}
