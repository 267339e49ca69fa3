import Foundation

/// The server-wide count of request-body bytes held at once against
/// ``HTTPLimits/maxBufferedBodyBytes``, shared by the event loops. Each request's body is
/// counted from its head (its declared length) or, when chunked, as it arrives, until its
/// response is queued; a request that would pass the limit is answered 503 with
/// `Retry-After` and its body is never read. Without it, 120 clients each sending a 16 MiB
/// body hold 2 GB at once.
final class BodyBufferBudget: @unchecked Sendable {
    // Sendable argument: `held` is only touched while holding `lock`.
    private let lock = NSLock()
    private var held = 0
    let limit: Int

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Takes `bytes` more; false (and nothing taken) if that would pass the limit.
    func take(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        return lock.withLock {
            guard bytes <= limit - held else { return false }
            held += bytes
            return true
        }
    }

    /// Gives back bytes taken earlier.
    func giveBack(_ bytes: Int) {
        guard bytes > 0 else { return }
        lock.withLock { held -= bytes }
    }

    /// Bytes held now.
    var heldBytes: Int { lock.withLock { held } }
}
