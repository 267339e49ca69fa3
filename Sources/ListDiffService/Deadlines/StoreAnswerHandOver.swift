import ListDiffStore
import Synchronization

/// Hands one store call's answer to whoever turns it into the request's: the handler itself
/// when the store answered before the call returned (the memory store), else the code that
/// completes the request's deferred response when it does (a store across the network).
///
///     calling ──answered while calling──▶ answered ──taken by the handler──▶ (done)
///     calling ──handler defers──▶ deferred ──answered──▶ (the deferred code runs)
final class StoreAnswerHandOver<Value: Sendable>: Sendable {
    private enum State {
        case calling
        case answered(Result<Value, StoreError>)
        case deferred(@Sendable (Result<Value, StoreError>) -> Void)
        case done
    }

    /// In the object itself: the inline answer, the common one, costs one allocation.
    private let state = Mutex(State.calling)

    /// The store's answer, from any thread, once.
    func answer(_ result: Result<Value, StoreError>) {
        let then: (@Sendable (Result<Value, StoreError>) -> Void)? = state.withLock { state in
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
        state.withLock { state in
            guard case .answered(let result) = state else { return nil }
            state = .done
            return result
        }
    }

    /// Runs `then` with the answer when it comes, or at once if it came meanwhile.
    func whenAnswered(_ then: @escaping @Sendable (Result<Value, StoreError>) -> Void) {
        let early: Result<Value, StoreError>? = state.withLock { state in
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
