import Foundation

/// Where a thread that must have a reply before it goes on waits for a completion: the bridge
/// from the completion-based ``RedisPipeline`` to the blocking store calls. Filled once.
final class ReplyWait: @unchecked Sendable {
    // Sendable argument: `result` is only touched while holding `condition`.
    private let condition = NSCondition()
    private var result: Result<[RESPValue], RedisError>?

    func fulfil(_ result: Result<[RESPValue], RedisError>) {
        condition.withLock {
            guard self.result == nil else { return }
            self.result = result
            condition.signal()
        }
    }

    /// The result, or ``RedisError/timedOut(_:)`` (of `timeout` seconds, for the message) after
    /// `seconds`: a call sent is answered by its deadline on the loop, but one still waiting for
    /// a connection is answered when the connect ends, which may be later.
    func wait(seconds: Double, timeout: Double) -> Result<[RESPValue], RedisError> {
        let until = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while result == nil {
                guard condition.wait(until: until) else { return .failure(.timedOut(timeout)) }
            }
            return result ?? .failure(.timedOut(timeout))
        }
    }
}
