import Foundation

/// A server-wide limit the event loops draw on together: open connections against
/// ``HTTPLimits/maxConnections`` (a per-loop share would refuse clients while other loops had
/// room), and request-body bytes held at once against ``HTTPLimits/maxBufferedBodyBytes``.
///
/// A body is counted from its head (its declared length) or, when chunked, as it arrives,
/// until its response is queued; a request that would pass the limit is answered 503 with
/// `Retry-After` and its body is never read. Without it, the per-request limit bounds
/// nothing: many clients each sending a body at that limit are held all at once. (Bodies of
/// at most 16 KiB that arrive whole with their head are
/// not counted: ``EventLoop/uncountedBodyBytes``.)
final class SharedBudget: @unchecked Sendable {
    // Sendable argument: `held` is only touched while holding `lock`.
    private let lock = NSLock()
    private var held = 0
    let limit: Int

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Takes `amount` more; false (and nothing taken) if that would pass the limit.
    func take(_ amount: Int = 1) -> Bool {
        guard amount > 0 else { return true }
        return lock.withLock {
            guard amount <= limit - held else { return false }
            held += amount
            return true
        }
    }

    /// Gives back what was taken earlier.
    func giveBack(_ amount: Int = 1) {
        guard amount > 0 else { return }
        lock.withLock { held -= amount }
    }

    /// What is held now.
    var heldAmount: Int { lock.withLock { held } }
}
