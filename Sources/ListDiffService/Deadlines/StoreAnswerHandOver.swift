import Foundation
import ListDiffStore

/// Hands one store call's answer to whoever turns it into the request's: the handler itself
/// when the store answered before the call returned (the memory store), else the code that
/// completes the request's deferred response when it does (a store across the network).
///
///     calling ──answered while calling──▶ answered ──taken by the handler──▶ (done)
///     calling ──handler defers──▶ deferred ──answered──▶ (the deferred code runs)
final class StoreAnswerHandOver<Value: Sendable>: @unchecked Sendable {
    // Sendable argument: `state` is only touched while holding `lock`.
    private enum State {
        case calling
        case answered(Result<Value, StoreError>)
        case deferred(@Sendable (Result<Value, StoreError>) -> Void)
        case done
    }

    private let lock = NSLock()
    private var state = State.calling

    /// The store's answer, from any thread, once.
    func answer(_ result: Result<Value, StoreError>) {
        let then: (@Sendable (Result<Value, StoreError>) -> Void)? = lock.withLock {
            switch state {
            case .calling:
                state = .answered(result)
                return nil
            case .deferred(let then):
                state = .done
                return then
            case .answered, .done:
                return nil
            }
        }
        then?(result)
    }

    /// The answer, when it came before the call returned; taken.
    func takeEarly() -> Result<Value, StoreError>? {
        lock.withLock {
            guard case .answered(let result) = state else { return nil }
            state = .done
            return result
        }
    }

    /// Runs `then` with the answer when it comes, or at once if it came meanwhile.
    func whenAnswered(_ then: @escaping @Sendable (Result<Value, StoreError>) -> Void) {
        let early: Result<Value, StoreError>? = lock.withLock {
            if case .answered(let result) = state {
                state = .done
                return result
            }
            state = .deferred(then)
            return nil
        }
        if let early { then(early) }
    }
}
