import Foundation
import ListDiffScenarios

/// What a pub/sub channel may do to its messages, at random (seeded): drop one, repeat one, or
/// hold one back until after the next. A test reshapes a subscriber's stream of messages with
/// ``reshape`` to show that none of it costs more than a read.
public final class MessageFaults<Message: Sendable>: @unchecked Sendable {
    // Sendable argument: `random` and `held` are only touched while holding `lock`.
    private let lock = NSLock()
    private var random: SplitMix64
    private var held: Message?

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed ^ 0xFA17)
    }

    /// The messages to deliver for `message`, in order: none, it, it twice, and whichever was
    /// held back before.
    public var reshape: @Sendable (Message) -> [Message] {
        { [self] message in
            lock.withLock {
                let late = held.map { [$0] } ?? []
                held = nil
                switch Int.random(in: 0..<4, using: &random) {
                case 0: return late
                case 1: return [message, message] + late
                case 2:
                    held = message
                    return late
                default: return [message] + late
                }
            }
        }
    }
}
