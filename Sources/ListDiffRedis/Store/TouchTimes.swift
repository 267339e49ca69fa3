import Foundation

/// When this instance last refreshed each session's TTL, so that reads send the touch script
/// (``RedisScripts/touch``) at most once per session every `slack` seconds instead of on every
/// read. Bounded: past 65,536 sessions it forgets them all, which costs a touch each.
final class TouchTimes: @unchecked Sendable {
    // Sendable argument: `times` is only touched while holding `lock`.
    private let lock = NSLock()
    private var times: [String: Double] = [:]

    /// Whether `session` (its session key) is due a touch, recording nothing.
    func isDue(_ session: String, slack: Double) -> Bool {
        let now = SystemSocket.now()
        return lock.withLock { times[session].map { now - $0 >= slack } ?? true }
    }

    /// Whether `session` (its session key) is due a touch; if so, records one now.
    func due(_ session: String, slack: Double) -> Bool {
        let now = SystemSocket.now()
        return lock.withLock {
            if let last = times[session], now - last < slack { return false }
            if times.count >= 65_536 { times.removeAll(keepingCapacity: true) }
            times[session] = now
            return true
        }
    }
}
