import Foundation

/// A response that a handler gives later than it returns: a long poll waiting for the next
/// change holds its connection, but no thread; so does a request whose answer waits on a store
/// across the network. The answer may be a response or a stream (``complete(with:)``).
///
/// The handler creates one, keeps it where the event it waits for can find it, and returns
/// `.deferred(it)`. Any thread may then call ``complete(_:)`` once; the answer reaches the
/// connection through its event loop's mailbox. If nobody completes it within `timeout`
/// seconds, the transport answers with `timeoutResponse()` instead. The transport also stops
/// waiting when the client disconnects or the server shuts down (it then answers with
/// `timeoutResponse()` and closes); in every such case the ``onCancel(_:)`` handler runs once,
/// so the application can forget its waiter. A waiting request costs its connection's small
/// state and this object: no thread, no timer of its own.
///
/// A response whose answer at the timeout takes work that must not run on the event loop (a
/// call to a store across the network) is made with ``init(timeout:atTimeout:backstop:backstopResponse:)``:
/// at the timeout the loop hands it back to the application, which completes it later; the
/// transport answers only if that has not happened within the backstop.
public final class HTTPDeferredResponse: @unchecked Sendable {
    // Sendable argument: every mutable property is read and written only while holding `lock`.
    private enum State {
        /// Returned by the handler but not yet bound to its connection.
        case unbound(completed: Answer?)
        /// Bound: a completion is posted to this loop for this connection.
        case waiting(mailbox: LoopMailbox, fd: Int32, connectionID: UInt64)
        /// Completed, timed out, or cancelled: later completions are dropped.
        case finished
    }

    /// Seconds the transport waits for ``complete(_:)``.
    public let timeout: Double
    private let timeoutResponse: @Sendable () -> HTTPResponse
    /// What runs at the timeout instead of the transport's answer, if the application answers then.
    private let handOff: HandOff?
    /// The timeout came and ``handOff`` ran.
    private var handedOff = false
    private let lock = NSLock()
    private var state = State.unbound(completed: nil)
    private var cancelHandler: (@Sendable () -> Void)?
    /// The transport gave up waiting; a cancel handler set later runs at once.
    private var isCancelled = false
    /// Added to whatever answers: the completion or the timeout response.
    private var addedHeaders = HTTPHeaders()

    /// A pending response answered by `timeoutResponse()` (called on the event loop) if it is
    /// not completed within `timeout` seconds.
    public init(timeout: Double, timeoutResponse: @escaping @Sendable () -> HTTPResponse) {
        self.timeout = max(0, timeout)
        self.timeoutResponse = timeoutResponse
        handOff = nil
    }

    /// A pending response that the application answers at `timeout` seconds too: then
    /// `atTimeout` runs on the event loop with this response, to start the work that completes
    /// it (from any thread, later). If it is not completed `backstop` seconds after that, the
    /// transport answers with `backstopResponse()` (called on the event loop). A client gone or
    /// a shutdown before the timeout cancels it as any deferred response.
    public init(
        timeout: Double, atTimeout: @escaping @Sendable (HTTPDeferredResponse) -> Void, backstop: Double,
        backstopResponse: @escaping @Sendable () -> HTTPResponse
    ) {
        self.timeout = max(0, timeout)
        timeoutResponse = backstopResponse
        handOff = HandOff(atTimeout: atTimeout, backstop: max(0, backstop))
    }

    private struct HandOff {
        let atTimeout: @Sendable (HTTPDeferredResponse) -> Void
        let backstop: Double
    }

    /// Answers the request with `response`, from any thread. Returns false (and sends nothing)
    /// if it was already completed, timed out or cancelled.
    @discardableResult
    public func complete(_ response: HTTPResponse) -> Bool {
        complete(with: .response(response))
    }

    /// What answers a deferred request: a response, or a stream (its head first) as a handler
    /// that returns `.stream` starts one.
    public enum Answer: Sendable {
        case response(HTTPResponse)
        case stream(HTTPResponseStream)
    }

    /// Answers the request with `answer`, from any thread. Returns false (and sends nothing) if
    /// it was already completed, timed out or cancelled; a stream is then ended
    /// (``HTTPResponseStream/End/clientGone``), so that whatever feeds it stops.
    @discardableResult
    public func complete(with answer: Answer) -> Bool {
        let taken: Bool = lock.withLock {
            switch state {
            case .finished, .unbound(completed: .some):
                return false
            case .unbound(completed: .none):
                state = .unbound(completed: answer)
            case .waiting(let mailbox, let fd, let connectionID):
                state = .finished
                switch decorated(answer) {
                case .response(let response):
                    mailbox.post(.handlerFinished(fd: fd, connectionID: connectionID, response: response))
                case .stream(let stream):
                    mailbox.post(.handlerStreamed(fd: fd, connectionID: connectionID, stream: stream))
                }
            }
            return true
        }
        if !taken, case .stream(let stream) = answer { stream.end(.clientGone) }
        return taken
    }

    /// `answer` with the headers added by ``addHeaders(_:)``; called holding `lock`.
    private func decorated(_ answer: Answer) -> Answer {
        switch answer {
        case .response(var response):
            response.headers.append(contentsOf: addedHeaders)
            return .response(response)
        case .stream(let stream):
            if !addedHeaders.isEmpty { stream.addHeaders(addedHeaders) }
            return .stream(stream)
        }
    }

    /// Adds `headers` to whatever answers the request, its completion or its timeout response:
    /// for a responder that decorates its router's answers (``CORSResponder``).
    public func addHeaders(_ headers: HTTPHeaders) {
        lock.withLock { addedHeaders.append(contentsOf: headers) }
    }

    /// Runs `handler` once when the transport stops waiting without a completion (timeout,
    /// client gone, shutdown); at once if that already happened.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            handler()
            return
        }
        cancelHandler = handler
        lock.unlock()
    }

    /// Binds to the connection (on its loop). Returns the answer if the handler completed it
    /// before returning, so the loop can answer at once.
    func bind(mailbox: LoopMailbox, fd: Int32, connectionID: UInt64) -> Answer? {
        lock.lock()
        defer { lock.unlock() }
        guard case .unbound(let completed) = state else { return nil }
        if let completed {
            state = .finished
            return decorated(completed)
        }
        state = .waiting(mailbox: mailbox, fd: fd, connectionID: connectionID)
        return nil
    }

    /// The timeout came (on the loop): runs the application's `atTimeout` and returns the
    /// backstop's seconds, once, for a response still waiting that has one; else nil (then the
    /// transport answers: ``expire()``).
    func handOffAtTimeout() -> Double? {
        lock.lock()
        guard let handOff, !handedOff, case .waiting = state else {
            lock.unlock()
            return nil
        }
        handedOff = true
        lock.unlock()
        handOff.atTimeout(self)
        return handOff.backstop
    }

    /// The deadline passed, or the server is shutting down: the timeout response, or nil if a
    /// completion won the race (its message is already in the mailbox).
    func expire() -> HTTPResponse? {
        guard cancelIfWaiting() else { return nil }
        var response = timeoutResponse()
        response.headers.append(contentsOf: lock.withLock { addedHeaders })
        return response
    }

    /// The client is gone: stop waiting.
    func cancel() {
        _ = cancelIfWaiting()
    }

    private func cancelIfWaiting() -> Bool {
        lock.lock()
        switch state {
        case .finished:
            lock.unlock()
            return false
        case .unbound, .waiting:
            state = .finished
            isCancelled = true
            let handler = cancelHandler
            cancelHandler = nil
            lock.unlock()
            handler?()
            return true
        }
    }
}
