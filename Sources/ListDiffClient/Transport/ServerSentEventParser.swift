/// Reads a `text/event-stream` as its bytes come, by the WHATWG HTML standard's rules: lines end
/// with CRLF, LF or CR (a CRLF split between two chunks is still one line end); a line starting
/// with `:` is a comment; `field: value` (one space after the colon dropped) sets `event`,
/// appends to `data`, sets `id` (unless it holds a NUL) or `retry` (digits only); other fields
/// are ignored; a blank line dispatches the event, unless no `data` came. A leading byte-order
/// mark is skipped. O(bytes) per chunk, whatever the chunk boundaries. The package's one reader
/// of event streams: the client's, the followers benchmark's and the tests'.
package struct ServerSentEventParser: Sendable {
    /// The reconnection delay the stream asked for (`retry:`), in milliseconds.
    package private(set) var retryMilliseconds: Int?
    /// Comment lines read so far (a server's heartbeats).
    package private(set) var comments = 0
    private var line: [UInt8] = []
    /// The previous chunk ended with CR: a LF starting this one belongs to that line end.
    private var afterCarriageReturn = false
    private var atStart = true
    private var eventType = ""
    private var data = ""
    private var hasData = false
    private var lastEventID = ""
    /// The `id` field of the event being read, if it had one.
    private var eventID: String?

    package init() {}

    /// The events `chunk` completes, in order.
    package mutating func feed(_ chunk: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == Self.lineFeed { continue }
            }
            switch byte {
            case Self.carriageReturn:
                afterCarriageReturn = true
                endLine(into: &events)
            case Self.lineFeed:
                endLine(into: &events)
            default:
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        var bytes = line[...]
        line.removeAll(keepingCapacity: true)
        if atStart {
            atStart = false
            if bytes.starts(with: Self.byteOrderMark) { bytes = bytes.dropFirst(Self.byteOrderMark.count) }
        }
        if bytes.isEmpty {
            dispatch(into: &events)
            return
        }
        if bytes.first == UInt8(ascii: ":") {
            comments += 1
            return
        }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            field = bytes[..<colon]
            value = bytes[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = bytes
            value = []
        }
        process(field: String(decoding: field, as: UTF8.self), value: value)
    }

    private mutating func process(field: String, value: ArraySlice<UInt8>) {
        switch field {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data += "\n" }
            data += String(decoding: value, as: UTF8.self)
            hasData = true
        case "id" where !value.contains(0):
            lastEventID = String(decoding: value, as: UTF8.self)
            eventID = lastEventID
        case "retry" where !value.isEmpty && value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }):
            retryMilliseconds = Int(String(decoding: value, as: UTF8.self))
        default:
            break
        }
    }

    /// Ends the event being read: dispatched when it has data, dropped otherwise; either way
    /// the next starts with no type and no data (the last event ID stays).
    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            eventType = ""
            data = ""
            hasData = false
            eventID = nil
        }
        guard hasData else { return }
        events.append(
            ServerSentEvent(
                type: eventType.isEmpty ? "message" : eventType, data: data, id: eventID, lastEventID: lastEventID))
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
