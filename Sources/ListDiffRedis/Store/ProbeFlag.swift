import Foundation

/// One background probe at a time.
final class ProbeFlag: @unchecked Sendable {
    // Sendable argument: `busy` is only touched while holding `lock`.
    private let lock = NSLock()
    private var busy = false

    /// Takes the flag if free.
    func acquire() -> Bool {
        lock.withLock {
            guard !busy else { return false }
            busy = true
            return true
        }
    }

    func release() {
        lock.withLock { busy = false }
    }
}
