import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSession.data(for:)` without ever calling `URLSessionTask.cancel()`.
///
/// The async `data(for:)` cancels its task when the calling Swift task is cancelled (a
/// mirror's `stop()` cancels its long poll). In swift-corelibs-foundation a cancel racing the
/// task's own completion traps the process ("Trying to access a behaviour for a task that in
/// not in the registry", issue #5469): the completion removes the task from the registry while
/// the cancel's failure path still looks it up. Here the caller's cancellation answers the
/// caller at once with `CancellationError` and the task is left to end by itself (a long poll
/// at its server-side wait, at most `wait` seconds); its late result is dropped. No cancel, so
/// nothing can race the registry. The cost: until then the abandoned request holds one of the
/// session's connections.
enum UncancelledTransfer {
    static func data(for request: URLRequest, session: URLSession) async throws -> (Data, URLResponse) {
        let outcome = TransferOutcome()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                guard outcome.hold(continuation) else { return }
                outcome.start(request, on: session)
            }
        } onCancel: {
            outcome.finish(.failure(CancellationError()))
        }
    }
}

/// Resumes one continuation exactly once, with whichever comes first: the transfer's result
/// or the caller's cancellation (which may come before the continuation exists).
private final class TransferOutcome: @unchecked Sendable {
    // Sendable argument: `continuation` and `early` are only touched while holding `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var early: Result<(Data, URLResponse), any Error>?
    private var finished = false

    /// Keeps `continuation`, or resumes it at once if the outcome came first; true if the
    /// transfer should start.
    func hold(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) -> Bool {
        let early: Result<(Data, URLResponse), any Error>? = lock.withLock {
            if let early = self.early { return early }
            self.continuation = continuation
            return nil
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Sends `request` through `session`; its result finishes this outcome.
    func start(_ request: URLRequest, on session: URLSession) {
        session.dataTask(with: request) { data, response, error in
            if let error {
                self.finish(.failure(error))
            } else if let data, let response {
                self.finish(.success((data, response)))
            } else {
                self.finish(.failure(URLError(.badServerResponse)))
            }
        }.resume()
    }

    /// Resumes the waiting continuation with `result` if nothing did before.
    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let waiting: CheckedContinuation<(Data, URLResponse), any Error>? = lock.withLock {
            guard !finished else { return nil }
            finished = true
            guard let continuation else {
                early = result
                return nil
            }
            self.continuation = nil
            return continuation
        }
        waiting?.resume(with: result)
    }
}
