/// The moves between states. Each one is legal from the states it names and stops the
/// process from any other: a move from the wrong state is a bug in the loop, and going on
/// would answer the wrong request or write to a closed descriptor.
extension ConnectionState {
    /// serving → awaiting: a request's answer comes later.
    mutating func startAwaiting(_ request: InFlightRequest, _ answer: AwaitedAnswer) {
        guard case .serving = self else { illegal("start awaiting an answer") }
        self = .awaiting(request, answer)
    }

    /// awaiting a worker → awaiting a deferred response: the worker's handler deferred.
    mutating func workerDeferred(_ deferred: HTTPDeferredResponse, deadline: UInt64) {
        guard case .awaiting(let request, .worker) = self else { illegal("take a worker's deferred response") }
        self = .awaiting(request, .deferred(deferred, deadline: deadline))
    }

    /// awaiting a deferred response → awaiting it until `deadline`: its timeout came and the
    /// application answers it (``HTTPDeferredResponse/init(timeout:atTimeout:backstop:backstopResponse:)``).
    mutating func deferredHandedOff(deadline: UInt64) {
        guard case .awaiting(let request, .deferred(let deferred, _)) = self else {
            illegal("hand a deferred response's timeout to its application")
        }
        self = .awaiting(request, .deferred(deferred, deadline: deadline))
    }

    /// awaiting → serving: the answer came; returns the request it answers and what was awaited.
    mutating func answerArrived() -> (InFlightRequest, AwaitedAnswer) {
        guard case .awaiting(let request, let answer) = self else { illegal("take an answer") }
        self = .serving
        return (request, answer)
    }

    /// A response is queued: serving stays serving when the connection is kept alive, else
    /// → closingAfterWrite. A response from any other state would be a second answer to one
    /// request, or an answer after the last.
    mutating func responseQueued(keepAlive: Bool, discardLimit: Int) {
        guard case .serving = self else { illegal("queue a response") }
        if !keepAlive { self = .closingAfterWrite(discardLimit: discardLimit) }
    }

    /// serving → streaming: the handler returned a stream, whose head is queued.
    mutating func startStreaming(_ response: StreamingResponse) {
        guard case .serving = self else { illegal("start streaming") }
        self = .streaming(response)
    }

    /// streaming → closingAfterWrite: the stream's last bytes are queued.
    mutating func streamEnded(discardLimit: Int) {
        guard case .streaming = self else { illegal("end a stream") }
        self = .closingAfterWrite(discardLimit: discardLimit)
    }

    /// serving → closingAfterWrite without a response: the client ended its input, and what
    /// it sent is answered or an unfinished request, so nothing more will be answered.
    mutating func clientInputEnded() {
        guard case .serving = self else { illegal("end with the client's input") }
        self = .closingAfterWrite(discardLimit: 0)
    }

    /// closingAfterWrite → lingering: the last response is sent and writing shut down.
    mutating func startLingering(deadline: UInt64) {
        guard case .closingAfterWrite(let discardLimit) = self else { illegal("start lingering") }
        self = .lingering(LingeringClose(deadline: deadline, discardLimit: discardLimit))
    }

    /// lingering → lingering: `count` more bytes thrown away; false once past the limit.
    mutating func discardLingering(_ count: Int) -> Bool {
        guard case .lingering(var linger) = self else { illegal("discard input") }
        let withinLimit = linger.discard(count)
        self = .lingering(linger)
        return withinLimit
    }

    /// any open state → closed; returns what was awaited, for the caller to cancel.
    mutating func close() -> AwaitedAnswer? {
        let awaited: AwaitedAnswer?
        switch self {
        case .serving, .streaming, .closingAfterWrite, .lingering: awaited = nil
        case .awaiting(_, let answer): awaited = answer
        case .closed: illegal("close")
        }
        self = .closed
        return awaited
    }

    var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }

    var isLingering: Bool {
        if case .lingering = self { return true }
        return false
    }

    var isStreaming: Bool {
        if case .streaming = self { return true }
        return false
    }

    var isAwaiting: Bool {
        if case .awaiting = self { return true }
        return false
    }

    private func illegal(_ move: String) -> Never {
        preconditionFailure("connection: cannot \(move) while \(self)")
    }
}
