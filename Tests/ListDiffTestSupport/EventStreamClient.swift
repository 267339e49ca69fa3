import Foundation

/// A test client of a `text/event-stream` over a raw socket: sends the request, reads the
/// head, then reads the chunks (``RawClient/readChunk()`` checks their framing) and parses the events as the WHATWG
/// HTML standard's event-stream interpretation does, so tests see exactly what a browser's
/// `EventSource` would.
public final class EventStreamClient: @unchecked Sendable {
    // Sendable argument: a test uses each client from one thread at a time.
    public struct Event: Equatable, Sendable {
        public var event: String
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
    /// Comment lines read (heartbeats), and the last `retry:` value.
    public private(set) var comments = 0
    public private(set) var retry: Int?
    /// The stream's terminating chunk was read.
    public private(set) var ended = false
    private var payload: [UInt8] = []
    /// The event being read: its lines so far, kept when a read times out in the middle of it.
    private var pending = Event(event: "message", id: nil, data: "")
    private var pendingHasData = false
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
        while true {
            guard let line = try nextLine() else { throw RawClient.ClientError.closed }
            if line.isEmpty {
                if pendingHasData {
                    defer {
                        pending = Event(event: "message", id: nil, data: "")
                        pendingHasData = false
                    }
                    return pending
                }
                continue
            }
            if line.hasPrefix(":") {
                comments += 1
                continue
            }
            let (field, value) = Self.field(line)
            switch field {
            case "event": pending.event = value
            case "id": pending.id = value
            case "data":
                pending.data += pendingHasData ? "\n" + value : value
                pendingHasData = true
            case "retry": retry = Int(value)
            default: break
            }
        }
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

    /// Reads until the next comment line (a heartbeat); throws `closed` if the stream ends.
    public func nextComment() throws {
        let before = comments
        while comments == before {
            guard let line = try nextLine() else { throw RawClient.ClientError.closed }
            if line.hasPrefix(":") { comments += 1 }
        }
    }

    private static func field(_ line: String) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else { return (line, "") }
        var value = line[line.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return (String(line[..<colon]), String(value))
    }

    /// The next line of the stream's payload, nil at its end.
    private func nextLine() throws -> String? {
        while true {
            if let newline = payload.firstIndex(of: 10) {
                let line = String(decoding: payload[..<newline], as: UTF8.self)
                payload.removeFirst(newline + 1)
                return line
            }
            guard try readChunk() else { return nil }
        }
    }

    /// Moves one chunk's bytes into the payload; false at the terminating chunk.
    private func readChunk() throws -> Bool {
        if ended { return false }
        guard let chunk = try client.readChunk() else {
            ended = true
            return false
        }
        payload.append(contentsOf: chunk)
        return true
    }
}
