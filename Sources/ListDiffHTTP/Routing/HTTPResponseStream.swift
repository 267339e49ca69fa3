import Foundation

/// A response whose body goes out as the application produces it (an event stream): a
/// handler returns `.stream(it)` and keeps it where its events can find it; any thread then
/// calls ``send(_:)`` with each piece and ``finish()`` at the end. The transport writes the
/// head, then each piece as one chunk (`Transfer-Encoding: chunked`; for an HTTP/1.0 client
/// the bytes as they are, the end marked by closing), and closes the connection when the
/// stream ends: no request after it on the same connection is read or answered.
///
/// A stream costs its connection, this object and one timer entry for its heartbeat (and one
/// for its time limit, ``end(at:lastWords:)``): no thread. It is exempt from the idle timeout but not from the write-rate rule, and it is
/// closed when its unsent bytes pass ``HTTPLimits/streamMaxBufferBytes`` (a reader that
/// stopped reading), or when a piece does not fit the server's
/// ``HTTPLimits/maxBufferedResponseBytes`` (its first one too): ``onEnd(_:)`` then says why,
/// so the application can forget it.
public final class HTTPResponseStream: @unchecked Sendable {
    // Sendable argument: every mutable property is read and written only while holding `lock`.
    private enum Binding {
        /// Returned by the handler but not yet bound to its connection: sent bytes wait here.
        case unbound
        /// Bound: new bytes are announced to this loop for this connection.
        case bound(mailbox: LoopMailbox, fd: Int32, connectionID: UInt64)
        /// Over: finished and handed to the loop, or ended without finishing.
        case over
    }

    let heartbeat: Heartbeat?
    let farewell: [UInt8]
    private let lock = NSLock()
    private var head: HTTPResponse
    /// Headers a responder added (``addHeaders(_:)``), kept apart for a refusal to carry too.
    private var addedHeaders = HTTPHeaders()
    private var binding = Binding.unbound
    /// Pieces sent and not yet taken by the loop, in order.
    private var posted: [Piece] = []
    private var postedBytes = 0
    /// Bytes the loop holds in its output queue, not yet written (framing included).
    private var queuedBytes = 0
    private var finishRequested = false
    /// A message telling the loop to take `posted` is in its mailbox.
    private var announced = false
    /// Bytes were sent since the drain handler last ran.
    private var drainArmed = false
    private var drainHandler: (@Sendable () -> Void)?
    private var endHandler: (@Sendable (End) -> Void)?
    private var endReason: End?
    /// When the stream is to end, and what runs on its loop then (``end(at:lastWords:)``).
    private var timeLimit: TimeLimit?

    /// `head`: status and headers of the response (its body ignored; the transport adds
    /// `Transfer-Encoding: chunked` for HTTP/1.1, or closes at the end for HTTP/1.0, and never a
    /// Content-Length). `heartbeat`: bytes sent when nothing else was sent for `interval` s.
    /// `farewell`: bytes sent when the server shuts down, before the stream's end.
    public init(head: HTTPResponse, heartbeat: Heartbeat?, farewell: [UInt8]) {
        self.head = head
        self.heartbeat = heartbeat
        self.farewell = farewell
    }

    /// Queues bytes (one chunk) from any thread; false (nothing queued) once the stream ended
    /// or was finished. Empty bytes queue nothing (an empty chunk would end the body).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        post(Piece(parts: [bytes], count: bytes.count))
    }

    /// Queues `parts` one after the other as one chunk, like ``send(_:)`` with their
    /// concatenation but without making it: a large part that many streams send (one
    /// snapshot's document, one changeset) stays one buffer in memory, framed apart by each.
    @discardableResult
    public func send(parts: [[UInt8]]) -> Bool {
        post(Piece(parts: parts, count: parts.reduce(0) { $0 + $1.count }))
    }

    private func post(_ piece: Piece) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !finishRequested, endReason == nil else { return false }
        if case .over = binding { return false }
        guard piece.count > 0 else { return true }
        posted.append(piece)
        postedBytes += piece.count
        drainArmed = true
        announceIfBound()
        return true
    }

    /// Ends the stream after what was sent (terminating chunk); the connection then closes.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard !finishRequested, endReason == nil else { return }
        finishRequested = true
        announceIfBound()
    }

    /// Bytes given to ``send(_:)`` not yet written to the socket (posted, queued or partly
    /// written; the chunk framing of queued ones included); 0 once the stream is over. It
    /// drops before the drain handler runs, so an application that reads it under its own
    /// lock, and takes that lock in its drain handler, never misses a drain.
    public var unsentBytes: Int {
        lock.withLock { postedBytes + queuedBytes }
    }

    /// Runs (on the loop thread) each time every byte sent so far has been written, after a
    /// moment when some were unsent: lets the application coalesce while a reader is slow.
    public func onDrain(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { drainHandler = handler }
    }

    /// Runs once when the stream ends without ``finish()`` (client gone, slow reader closed,
    /// shutdown, refused by `maxStreams` or a HEAD request, write error); at once if that
    /// already happened.
    public func onEnd(_ handler: @escaping @Sendable (End) -> Void) {
        lock.lock()
        if let endReason {
            lock.unlock()
            handler(endReason)
            return
        }
        endHandler = handler
        lock.unlock()
    }

    /// Ends the stream at `time` (seconds since 1970) unless it ended before: `lastWords` runs
    /// on the stream's loop then (it may send the stream's last bytes), and the stream finishes
    /// after what it sent. The timer is an entry of the loop's timer heap naming the
    /// connection (no thread), and `lastWords` is forgotten as soon as the stream ends, so a
    /// stream that ended early holds nothing of the application until `time`. Set before the
    /// handler returns the stream: the loop arms it when it takes the stream.
    public func end(at time: Double, lastWords: @escaping @Sendable () -> Void) {
        lock.withLock {
            guard case .unbound = binding else {
                preconditionFailure("HTTPResponseStream: a time limit set after the handler returned the stream")
            }
            timeLimit = TimeLimit(at: time, lastWords: lastWords)
        }
    }

    private func announceIfBound() {
        guard case .bound(let mailbox, let fd, let connectionID) = binding, !announced else { return }
        announced = true
        mailbox.post(.streamOutput(fd: fd, connectionID: connectionID))
    }
}

/// The transport's side: binding, taking output, reporting writes and the end.
extension HTTPResponseStream {
    /// What the loop takes from the stream at once: pieces in order, and whether it finished.
    struct Output {
        var pieces: [Piece]
        var finished: Bool
    }

    /// ``end(at:lastWords:)``'s time (seconds since 1970) and what runs then.
    struct TimeLimit {
        var at: Double
        var lastWords: @Sendable () -> Void
    }

    /// Seconds from now to the stream's time limit (zero or less once it passed); nil without one.
    var secondsToTimeLimit: Double? {
        lock.withLock { timeLimit.map { $0.at - Date().timeIntervalSince1970 } }
    }

    /// The time limit came (on the loop): runs its last words, then finishes the stream.
    /// Nothing happens if the stream ended or finished before.
    func reachTimeLimit() {
        let lastWords: (@Sendable () -> Void)? = lock.withLock {
            defer { timeLimit = nil }
            guard !finishRequested, endReason == nil else { return nil }
            return timeLimit?.lastWords
        }
        guard let lastWords else { return }
        lastWords()
        finish()
    }

    /// One ``send(_:)`` or ``send(parts:)``: its parts go out in order as one chunk.
    struct Piece {
        var parts: [[UInt8]]
        /// The parts' bytes together.
        var count: Int
    }

    /// The head, with the headers added by ``addHeaders(_:)``.
    var responseHead: HTTPResponse {
        lock.withLock {
            var decorated = head
            decorated.headers.append(contentsOf: addedHeaders)
            return decorated
        }
    }

    /// What ``addHeaders(_:)`` added, for an answer that replaces the stream.
    var decoration: HTTPHeaders { lock.withLock { addedHeaders } }

    /// Adds `headers` to the head (or to the refusal that answers instead): for a responder
    /// that decorates its router's answers (``CORSResponder``). Before the stream is bound.
    func addHeaders(_ headers: HTTPHeaders) {
        lock.withLock { addedHeaders.append(contentsOf: headers) }
    }

    /// Binds to its connection (on its loop) and takes what was sent before.
    func bind(mailbox: LoopMailbox, fd: Int32, connectionID: UInt64) -> Output {
        lock.withLock {
            binding = .bound(mailbox: mailbox, fd: fd, connectionID: connectionID)
            return takeLocked()
        }
    }

    /// Takes what was sent since the last take (on the loop, after its announcement).
    func takeOutput() -> Output {
        lock.withLock { takeLocked() }
    }

    private func takeLocked() -> Output {
        announced = false
        let output = Output(pieces: posted, finished: finishRequested)
        posted = []
        queuedBytes += postedBytes
        postedBytes = 0
        if finishRequested { binding = .over }
        return output
    }

    /// The loop's output queue holds `bytes` not yet written; runs the drain handler (on the
    /// loop) when nothing sent is left unsent.
    func written(queuedBytes bytes: Int) {
        lock.lock()
        queuedBytes = bytes
        guard bytes == 0, postedBytes == 0, drainArmed, let handler = drainHandler else {
            lock.unlock()
            return
        }
        drainArmed = false
        lock.unlock()
        handler()
    }

    /// The stream ends without its application finishing it: later sends are refused and the
    /// end handler runs once. Nothing happens if it had finished.
    func end(_ reason: End) {
        lock.lock()
        guard !finishRequested, endReason == nil else {
            lock.unlock()
            return
        }
        endReason = reason
        binding = .over
        posted = []
        postedBytes = 0
        queuedBytes = 0
        let handler = endHandler
        endHandler = nil
        drainHandler = nil
        timeLimit = nil
        lock.unlock()
        handler?(reason)
    }

    /// The stream is over (its last bytes queued, or its connection closed): nothing it was
    /// given counts as unsent any more, and the application's handlers are forgotten (they
    /// may hold the application's objects, which may hold this stream).
    func release() {
        lock.withLock {
            drainHandler = nil
            endHandler = nil
            timeLimit = nil
            binding = .over
            posted = []
            postedBytes = 0
            queuedBytes = 0
        }
    }
}
