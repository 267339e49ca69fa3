import Foundation

/// Where the subscriber hands its messages to the store: each as heard, unless a test reshapes
/// the stream — drops, duplicates or holds one back past the next — to show that a message
/// lost, repeated or late costs a read, never a wrong answer (messages are at most once).
final class VersionMessageSeam: @unchecked Sendable {
    // Sendable argument: `reshape` is only touched while holding `lock`.
    private let lock = NSLock()
    private var reshape: (@Sendable (VersionMessage) -> [VersionMessage])?

    /// What the store handles for `message`, in order.
    func deliver(_ message: VersionMessage) -> [VersionMessage] {
        guard let reshape = lock.withLock({ reshape }) else { return [message] }
        return reshape(message)
    }

    /// From now on, every message heard is handled as `reshape` says; nil: as heard.
    func reshape(with reshape: (@Sendable (VersionMessage) -> [VersionMessage])?) {
        lock.withLock { self.reshape = reshape }
    }
}
