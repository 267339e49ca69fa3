/// One event loop's timers, ordered by deadline (a binary min-heap), so a timer costs the
/// loop nothing until it is due: no visit to every connection per tick. An entry names a
/// connection by fd and identity; one for a connection closed since is dropped when it fires.
struct TimerHeap {
    enum Kind {
        /// A stream's heartbeat (`EventLoop+Streaming.swift`).
        case heartbeat
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

    var count: Int { entries.count }

    /// The earliest deadline, if any. O(1).
    var nextDeadline: UInt64? { entries.first?.deadline }

    /// - Complexity: O(log n).
    mutating func schedule(_ entry: Entry) {
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
