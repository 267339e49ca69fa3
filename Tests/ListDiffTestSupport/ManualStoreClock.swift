import Foundation
import ListDiffStore

/// A ``StoreClock`` that moves only when a test says: sessions age by `advance(seconds:)` in no
/// real time.
public final class ManualStoreClock: @unchecked Sendable {
    // Sendable argument: `nanoseconds` is only touched while holding `lock`.
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 1_000_000_000

    public init() {}

    /// The clock a store is given.
    public var storeClock: StoreClock {
        StoreClock { [self] in lock.withLock { nanoseconds } }
    }

    public func advance(seconds: Double) {
        lock.withLock { nanoseconds += UInt64(seconds * 1e9) }
    }
}
