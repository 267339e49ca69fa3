/// One event loop's timers, ordered by deadline (a binary min-heap), so a timer costs the
/// loop nothing until it is due: no visit to every connection per tick. An entry names a
/// connection by fd and identity; one for a connection closed since is dropped when it fires.
/// Deadlines are rounded up to a grid (``EventLoop/timerGrid``), so one wake-up serves every
/// timer due within it, however many streams' heartbeats fall there (docs/benchmarks.md,
/// "Event streams, one instance").
struct TimerHeap {
    enum Kind {
        /// A stream's heartbeat (`EventLoop+Streaming.swift`).
        case heartbeat
        /// A stream's time limit (``HTTPResponseStream/end(at:lastWords:)``).
        case streamTimeLimit
        /// A connection's timeouts (`EventLoop+Deadlines.swift`).
        case deadline
    }

    struct Entry {
        /// Monotonic ns.
        var deadline: UInt64
        var fd: Int32
        var connectionID: UInt64
        var kind: Kind
    }

    private var entries: [Entry] = []
    /// ns; every deadline is a multiple of it.
    let granularity: UInt64

    init(granularity: UInt64) {
        precondition(granularity > 0, "timer heap: a zero grid")
        self.granularity = granularity
    }

    var count: Int { entries.count }

    /// `time` rounded up to the grid: when a timer set for `time` fires.
    func slot(for time: UInt64) -> UInt64 {
        let remainder = time % granularity
        return remainder == 0 ? time : time &+ (granularity - remainder)
    }

    /// The earliest deadline, if any. O(1).
    var nextDeadline: UInt64? { entries.first?.deadline }

    /// Adds `entry`, its deadline rounded up to the grid (``slot(for:)``). O(log n).
    mutating func schedule(_ entry: Entry) {
        var entry = entry
        entry.deadline = slot(for: entry.deadline)
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry if it is due at `now`. O(log n).
    mutating func popDue(now: UInt64) -> Entry? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            let right = left + 1
            let smaller = right < entries.count && entries[right].deadline < entries[left].deadline ? right : left
            guard entries[smaller].deadline < entries[parent].deadline else { break }
            entries.swapAt(smaller, parent)
            parent = smaller
        }
        return first
    }
}
