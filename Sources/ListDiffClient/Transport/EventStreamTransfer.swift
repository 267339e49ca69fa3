import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `text/event-stream` request over `URLSession`, read as its bytes come: a
/// `URLSessionDataDelegate` (on Linux FoundationNetworking's, which hands over each chunk
/// libcurl reads) feeds a ``ServerSentEventParser`` and yields its events. An answer that is not
/// a 200 event stream is read whole and given back as it is, for the caller to judge.
///
/// Each transfer has a session of its own (a delegate belongs to a session), made from the
/// caller's configuration and invalidated when the transfer completes. Ending the events early
/// (the consumer stops iterating, or its task is cancelled) cancels the data task — unlike
/// ``UncancelledTransfer``, since a stream never ends by itself; the cancel is skipped once
/// the transfer has completed, which keeps it from racing the completion (issue #5469).
final class EventStreamTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Opening: Sendable {
        /// A 200 `text/event-stream`: its events as they arrive; the sequence ends when the
        /// server closes the stream and throws when the connection fails.
        case events(AsyncThrowingStream<ServerSentEvent, any Error>)
        /// Any other answer, read whole.
        case answer(status: Int, contentType: String, body: [UInt8])
    }

    // Sendable argument: every mutable member below is only touched while holding `lock`.
    private let lock = NSLock()
    private var opening: CheckedContinuation<Opening, any Error>?
    private var events: AsyncThrowingStream<ServerSentEvent, any Error>.Continuation?
    private var response: HTTPURLResponse?
    private var body: [UInt8] = []
    private var parser = ServerSentEventParser()
    private var task: URLSessionDataTask?
    private var completed = false

    private override init() {}

    /// Sends `request` and answers once its head (and, for anything but an event stream, its
    /// body) arrived.
    static func open(_ request: URLRequest, configuration: URLSessionConfiguration) async throws -> Opening {
        let transfer = EventStreamTransfer()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: queue)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Opening, any Error>) in
                let task = session.dataTask(with: request)
                if transfer.begin(task, answering: continuation) {
                    task.resume()
                } else {
                    session.finishTasksAndInvalidate()
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    /// Holds `task` and the opener it answers, unless the transfer was cancelled already.
    private func begin(_ task: URLSessionDataTask, answering opener: CheckedContinuation<Opening, any Error>) -> Bool {
        lock.withLock {
            guard !completed else { return false }
            opening = opener
            self.task = task
            return true
        }
    }

    /// Stops the transfer unless it completed: a waiting opener gets `CancellationError`.
    private func cancel() {
        let (running, opener): (URLSessionDataTask?, CheckedContinuation<Opening, any Error>?) = lock.withLock {
            guard !completed else { return (nil, nil) }
            completed = true
            defer { opening = nil }
            return (task, opening)
        }
        opener?.resume(throwing: CancellationError())
        running?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let contentType = http?.value(forHTTPHeaderField: "Content-Type") ?? ""
        var opened: (CheckedContinuation<Opening, any Error>, AsyncThrowingStream<ServerSentEvent, any Error>)?
        lock.withLock {
            self.response = http
            guard http?.statusCode == 200, contentType.lowercased().hasPrefix("text/event-stream"),
                let opening
            else { return }
            let (stream, continuation) = AsyncThrowingStream.makeStream(
                of: ServerSentEvent.self, bufferingPolicy: .unbounded)
            continuation.onTermination = { [weak self] _ in self?.cancel() }
            events = continuation
            self.opening = nil
            opened = (opening, stream)
        }
        if let (opener, stream) = opened { opener.resume(returning: .events(stream)) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (continuation, parsed): (AsyncThrowingStream<ServerSentEvent, any Error>.Continuation?, [ServerSentEvent]) =
            lock.withLock {
                guard let events else {
                    body.append(contentsOf: data)
                    return (nil, [])
                }
                return (events, parser.feed(data))
            }
        for event in parsed { continuation?.yield(event) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (opener, continuation, answer):
            (
                CheckedContinuation<Opening, any Error>?, AsyncThrowingStream<ServerSentEvent, any Error>.Continuation?,
                Opening
            ) = lock.withLock {
                completed = true
                defer {
                    opening = nil
                    events = nil
                }
                let answer = Opening.answer(
                    status: response?.statusCode ?? 0,
                    contentType: response?.value(forHTTPHeaderField: "Content-Type") ?? "",
                    body: body)
                return (opening, events, answer)
            }
        session.finishTasksAndInvalidate()
        if let opener {
            if let error { opener.resume(throwing: error) } else { opener.resume(returning: answer) }
        }
        if let error { continuation?.finish(throwing: error) } else { continuation?.finish() }
    }
}
