/// Reads server-sent events (the WHATWG HTML standard's `text/event-stream`) from a stream's
/// body as it arrives: `event:`, `id:` and `data:` fields up to a blank line make one event;
/// comment lines (`:`, the server's heartbeats) are counted.
struct EventStreamReader {
    /// One dispatched event: its type (`message` when unnamed), its id and its data.
    struct Event {
        let type: String
        let id: String?
        let data: [UInt8]
    }

    private var line: [UInt8] = []
    private var type: String?
    private var id: String?
    private var data: [UInt8] = []
    private var hasData = false
    /// Comment lines read so far.
    private(set) var comments = 0

    /// Reads `bytes` and answers the events they complete.
    /// - Complexity: O(n) in `bytes`.
    mutating func read(_ bytes: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.isEmpty {
                if hasData || type != nil { events.append(Event(type: type ?? "message", id: id, data: data)) }
                type = nil
                data = []
                hasData = false
            } else {
                field(line)
            }
            line.removeAll(keepingCapacity: true)
        }
        return events
    }

    private mutating func field(_ line: [UInt8]) {
        guard line[0] != UInt8(ascii: ":") else {
            comments += 1
            return
        }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        var valueStart = colon < line.endIndex ? colon + 1 : colon
        if valueStart < line.endIndex && line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch String(decoding: line[..<colon], as: UTF8.self) {
        case "event": type = String(decoding: value, as: UTF8.self)
        case "id": id = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        default: break // retry: and unknown fields change nothing a follower checks
        }
    }
}
