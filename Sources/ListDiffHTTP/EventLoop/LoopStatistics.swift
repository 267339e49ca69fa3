import Foundation

/// Where one event loop publishes its ``HTTPServerStatistics`` for other threads to read.
final class LoopStatistics: @unchecked Sendable {
    // Sendable argument: `current` is only touched while holding `lock`.
    private let lock = NSLock()
    private var current = HTTPServerStatistics()

    func publish(_ statistics: HTTPServerStatistics) {
        lock.withLock { current = statistics }
    }

    var latest: HTTPServerStatistics {
        lock.withLock { current }
    }
}
