import Foundation

/// The response bytes queued and not yet sent, over every connection of every event loop,
/// against ``HTTPLimits/maxBufferedResponseBytes``: the response side of ``SharedBudget``.
///
/// A large body (over ``OutboundQueue/copyLimit``) is queued by reference, and a body many
/// readers share (one snapshot version's document, one changeset — the same `[UInt8]`
/// storage) is counted once however many queues hold it: from the first hold to the last
/// release, by its storage's address. The bytes of heads and small bodies, copied into each
/// connection's queue, are counted while they wait for a reader (``add(_:)``); they are never
/// refused, but they fill the budget that large answers are refused by, and while more than
/// the limit is held each loop closes its stalled readers (``EventLoop/closeStalledReaders()``).
///
/// Without it, readers that never read held whatever they were sent until the write timeout
/// closed them, with nothing bounding the sum (docs/benchmarks.md has the attack's figures).
final class ResponseBudget: @unchecked Sendable {
    // Sendable argument: `held`, `holders` and `pressureSignalledAt` are only touched while
    // holding `lock`; `onPressure` is set before the loops start and only read after.
    private let lock = NSLock()
    private var held = 0
    /// Queues holding each large body and the bytes it was counted for, by the address of
    /// its storage.
    private var holders: [UInt: (queues: Int, bytes: Int)] = [:]
    private var pressureSignalledAt: UInt64?
    let limit: Int
    /// Tells every event loop to close its stalled readers (posts to their mailboxes).
    var onPressure: (@Sendable () -> Void)?

    /// Pressure is signalled at most this often (monotonic ns): a burst of refusals asks the
    /// loops once, and the readers they close free room for the retries.
    static let pressureInterval: UInt64 = 250_000_000

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Counts one more queue holding `body`. Its bytes are taken only if no queue held it
    /// yet; then false (nothing taken) if they would pass the limit, unless `evenPastLimit`
    /// (bytes already promised to a client, such as a stream's farewell). O(1).
    func hold(_ body: [UInt8], evenPastLimit: Bool = false) -> Bool {
        let key = Self.storageKey(body)
        return lock.withLock {
            if let holder = holders[key] {
                holders[key] = (holder.queues + 1, holder.bytes)
                return true
            }
            guard evenPastLimit || body.count <= limit - held else { return false }
            holders[key] = (1, body.count)
            held += body.count
            return true
        }
    }

    /// One queue no longer holds `body` (sent, or dropped with its connection); its bytes
    /// come back when no queue holds it. O(1).
    func release(_ body: [UInt8]) {
        let key = Self.storageKey(body)
        lock.withLock {
            guard let holder = holders[key] else {
                preconditionFailure("response budget: released a body no queue held")
            }
            if holder.queues > 1 {
                holders[key] = (holder.queues - 1, holder.bytes)
            } else {
                holders[key] = nil
                held -= holder.bytes
            }
        }
    }

    /// Counts `amount` more copied bytes waiting for a reader (fewer when negative); never
    /// refused.
    func add(_ amount: Int) {
        guard amount != 0 else { return }
        lock.withLock { held += amount }
    }

    /// What is held now.
    var heldAmount: Int { lock.withLock { held } }

    /// Whether more than the limit is held (copied bytes, or bytes promised past it): each
    /// loop then closes its stalled readers on its tick.
    var isPastLimit: Bool { lock.withLock { held > limit } }

    /// A large answer or a stream's event did not fit: asks every loop to close the readers
    /// that stopped reading, unless it was asked within ``pressureInterval``.
    func signalPressure() {
        let now = MonotonicClock.now()
        let due: Bool = lock.withLock {
            if let last = pressureSignalledAt, now &- last < Self.pressureInterval { return false }
            pressureSignalledAt = now
            return true
        }
        if due { onPressure?() }
    }

    /// The address of `body`'s storage: the same for every copy of one array (copy on write),
    /// and no other live array's while one queue holds it.
    private static func storageKey(_ body: [UInt8]) -> UInt {
        body.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
    }
}
