/// Reads HTTP/1.1 responses from a connection's bytes as they arrive: a response with a
/// `Content-Length` whole, a chunked one (an event stream) as its chunks' data.
struct HTTPResponseReader {
    /// What the bytes read so far completed.
    enum Part {
        /// A whole response with a `Content-Length` body; `closes` when it said `Connection: close`.
        case response(status: Int, body: ArraySlice<UInt8>, closes: Bool)
        /// The head of a chunked response.
        case streamHead(status: Int)
        /// Bytes of a chunked response's body.
        case streamData(ArraySlice<UInt8>)
        /// The last chunk: the stream ended.
        case streamEnd
        /// Bytes that are not HTTP/1.1 as the server writes it.
        case malformed(String)
    }

    private enum State {
        case head
        case body(status: Int, length: Int, closes: Bool)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailer
    }

    private var buffer: [UInt8] = []
    private var state = State.head

    /// Appends `bytes` and answers the parts they complete, in order (handled after the read,
    /// so that a handler may replace this reader).
    /// - Complexity: O(n) in the bytes buffered.
    mutating func read(_ bytes: UnsafeRawBufferPointer) -> [Part] {
        buffer.append(contentsOf: bytes)
        var parts: [Part] = []
        var start = 0
        while let step = nextPart(from: start) {
            start = step.next
            guard let part = step.part else { continue }
            parts.append(part)
            if case .malformed = part { break }
        }
        buffer.removeFirst(start)
        return parts
    }

    /// The part starting at `start` and where the next begins, nil when more bytes are needed;
    /// a nil part is a framing step (a chunk's size line or its CRLF).
    private mutating func nextPart(from start: Int) -> (part: Part?, next: Int)? {
        switch state {
        case .head:
            guard let end = Self.find([13, 10, 13, 10], in: buffer, from: start) else { return nil }
            return (readHead(buffer[start..<end]), end + 4)
        case .body(let status, let length, let closes):
            guard buffer.count - start >= length else { return nil }
            state = .head
            return (.response(status: status, body: buffer[start..<start + length], closes: closes), start + length)
        case .chunkSize:
            guard let end = Self.find([13, 10], in: buffer, from: start) else { return nil }
            guard let size = Self.hexadecimal(buffer[start..<end]) else {
                return (.malformed("a chunk size that is not hexadecimal"), end)
            }
            state = size == 0 ? .trailer : .chunkData(remaining: size)
            return (size == 0 ? .streamEnd : nil, end + 2)
        case .chunkData(let remaining):
            guard buffer.count > start else { return nil }
            let end = min(buffer.count, start + remaining)
            state = end - start == remaining ? .chunkEnd : .chunkData(remaining: remaining - (end - start))
            return (.streamData(buffer[start..<end]), end)
        case .chunkEnd, .trailer:
            guard buffer.count - start >= 2 else { return nil }
            state = { if case .trailer = state { return State.head } else { return State.chunkSize } }()
            return (nil, start + 2)
        }
    }

    /// The status and framing of a head (status line and fields, without the blank line).
    private mutating func readHead(_ head: ArraySlice<UInt8>) -> Part? {
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.first.map(String.init) ?? ""
        guard statusLine.hasPrefix("HTTP/1.1 "), let status = Int(statusLine.dropFirst(9).prefix(3)) else {
            return .malformed("a status line that is not HTTP/1.1: \(statusLine.prefix(40))")
        }
        var length = 0
        var chunked = false
        var closes = false
        for line in lines.dropFirst() {
            let field = line.lowercased()
            if field.hasPrefix("content-length:") {
                length = Int(String(field.dropFirst(15).filter { $0 != " " })) ?? 0
            } else if field.hasPrefix("transfer-encoding:") {
                chunked = field.contains("chunked")
            } else if field.hasPrefix("connection:") {
                closes = field.contains("close")
            }
        }
        if chunked {
            state = .chunkSize
            return .streamHead(status: status)
        }
        state = .body(status: status, length: length, closes: closes)
        return nil
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count - start >= pattern.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && bytes[index..<index + pattern.count].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func hexadecimal(_ bytes: ArraySlice<UInt8>) -> Int? {
        let digits = bytes.prefix { $0 != UInt8(ascii: ";") }
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        return Int(String(decoding: digits, as: UTF8.self), radix: 16)
    }
}
