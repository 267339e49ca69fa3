import Foundation
import ListDiffClient

/// A test client of a `text/event-stream` over a raw socket: sends the request, reads the
/// head, then reads the chunks (``RawClient/readChunk()`` checks their framing) and parses the
/// events with the client's parser (WHATWG HTML's event-stream rules), so tests see what a
/// browser's `EventSource` would.
public final class EventStreamClient: @unchecked Sendable {
    // Sendable argument: a test uses each client from one thread at a time.
    public struct Event: Equatable, Sendable {
        public var event: String
        /// The `id` field the event carried itself, nil when it carried none.
        public var id: String?
        public var data: String

        /// The data parsed as JSON (every event of this service carries one JSON document).
        public func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any] else {
                throw RawClient.ClientError.malformed("event data is not a JSON object: \(data)")
            }
            return object
        }
    }

    public let client: RawClient
    public let head: RawClient.Response
    /// Comment lines read (heartbeats).
    public var comments: Int { parser.comments }
    /// The last `retry:` value, in milliseconds.
    public var retry: Int? { parser.retryMilliseconds }
    /// The stream's terminating chunk was read.
    public private(set) var ended = false
    /// Reads the chunks; what it has of an unfinished event stays in it across a timed-out read.
    private var parser = ServerSentEventParser()
    /// Events read but not yet returned by ``next()``.
    private var unread: [Event] = []
    /// Comment lines ``nextComment()`` has returned for.
    private var commentsTaken = 0
    private let receiveTimeout: Double

    /// Opens `GET target` (with `headers`) and reads the head; a body that is not a stream is
    /// left for ``client``. A `halfClosing` client shuts down its sending side once the request
    /// is sent, to only read (`nc -N`).
    public init(
        port: Int, target: String, headers: [(String, String)] = [], receiveTimeout: Double = 5,
        receiveBufferBytes: Int32? = nil, halfClosing: Bool = false
    ) throws {
        client = try RawClient(port: port, receiveTimeout: receiveTimeout, receiveBufferBytes: receiveBufferBytes)
        self.receiveTimeout = receiveTimeout
        var request = "GET \(target) HTTP/1.1\r\nHost: test\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        try client.send(request + "\r\n")
        if halfClosing { client.shutdownWriting() }
        head = try client.readHead()
    }

    /// The next event, skipping comments; throws `closed` when the stream ends first, and
    /// `timedOut` when none came within the receive timeout (what was read of it is kept for
    /// the next call).
    public func next() throws -> Event {
        while unread.isEmpty {
            guard try readChunk() else { throw RawClient.ClientError.closed }
        }
        return unread.removeFirst()
    }

    /// The next event if one comes within `seconds`, else nil; throws `closed` when the stream
    /// ends first.
    public func next(within seconds: Double) throws -> Event? {
        client.setReceiveTimeout(seconds)
        defer { client.setReceiveTimeout(receiveTimeout) }
        do {
            return try next()
        } catch RawClient.ClientError.timedOut {
            return nil
        }
    }

    /// Reads until a comment line (a heartbeat) not yet taken has come; throws `closed` if the
    /// stream ends first. Events read on the way stay for ``next()``.
    public func nextComment() throws {
        while parser.comments == commentsTaken {
            guard try readChunk() else { throw RawClient.ClientError.closed }
        }
        commentsTaken += 1
    }

    /// Parses one chunk's bytes into ``unread``; false at the terminating chunk.
    private func readChunk() throws -> Bool {
        if ended { return false }
        guard let chunk = try client.readChunk() else {
            ended = true
            return false
        }
        unread += parser.feed(chunk).map { Event(event: $0.type, id: $0.id, data: $0.data) }
        return true
    }
}
