import Foundation

/// The server-wide count of open connections against `--max-connections`, shared by the event
/// loops: connections go to whichever loop is idle, so a per-loop share of the limit would
/// refuse clients while other loops had room.
final class ConnectionBudget: @unchecked Sendable {
    // Sendable argument: `open` is only touched while holding `lock`.
    private let lock = NSLock()
    private var open = 0
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a place for a new connection; false when the server is at its limit.
    func take() -> Bool {
        lock.withLock {
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    /// Gives back the place of a closed connection.
    func giveBack() {
        lock.withLock { open -= 1 }
    }
}
