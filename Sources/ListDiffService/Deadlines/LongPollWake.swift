import Foundation
import ListDiffStore

/// The one wake of a long poll: a write answered it, its wait ran out, or its client left.
/// Whichever comes first wins; the others find it woken and do nothing, so a long poll's
/// store call runs at most once, and its registration with the store is forgotten at the wake.
final class LongPollWake: @unchecked Sendable {
    // Sendable argument: `state` is only read and written while holding `lock`.
    private enum State {
        /// Not woken; the store's registration once it is made.
        case waiting(ChangeWait?)
        case woken
    }

    private let lock = NSLock()
    private var state = State.waiting(nil)

    /// Keeps the store's registration, to cancel at the wake (at once if that already came).
    func hold(_ registration: ChangeWait) {
        let wokenAlready: Bool = lock.withLock {
            switch state {
            case .waiting:
                state = .waiting(registration)
                return false
            case .woken:
                return true
            }
        }
        if wokenAlready { registration.cancel() }
    }

    /// Wakes the poll: true for the first caller only, which then answers it.
    func wake() -> Bool {
        let registration: ChangeWait?? = lock.withLock {
            switch state {
            case .waiting(let registration):
                state = .woken
                return .some(registration)
            case .woken:
                return .none
            }
        }
        guard let registration else { return false }
        registration?.cancel()
        return true
    }
}
