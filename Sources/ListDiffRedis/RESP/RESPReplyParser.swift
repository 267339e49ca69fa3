/// Reads RESP2 replies from bytes as they arrive: ``append(_:)`` what the socket gave, then
/// ``next()`` until it answers nil (the next reply is not complete yet). A malformed reply is a
/// ``RESPProtocolError``, never a crash; sizes are bounded so a broken or hostile peer cannot
/// make it allocate without limit.
///
/// - Complexity: O(bytes) over a reply's life; a reply split across reads is rescanned from
///   its start on each read, so a reply of n bytes arriving in k pieces costs O(n·k) — bounded by
///   reading in large chunks.
public struct RESPReplyParser: Sendable {
    /// Largest bulk string accepted (Redis's own limit is 512 MB).
    public var maxBulkBytes: Int
    /// Most elements of one array, and deepest nesting.
    public var maxArrayCount: Int
    public var maxDepth: Int

    private var buffer: [UInt8] = []
    private var start = 0

    public init(maxBulkBytes: Int = 64 << 20, maxArrayCount: Int = 1 << 20, maxDepth: Int = 8) {
        self.maxBulkBytes = maxBulkBytes
        self.maxArrayCount = maxArrayCount
        self.maxDepth = maxDepth
    }

    /// Adds bytes read from the connection.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received but not yet part of a returned reply.
    public var pendingBytes: Int { buffer.count - start }

    /// The next complete reply, or nil if more bytes are needed.
    public mutating func next() throws(RESPProtocolError) -> RESPValue? {
        var position = start
        guard let value = try parse(at: &position, depth: 0) else { return nil }
        start = position
        if start > 1 << 16, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return value
    }

    private func parse(at position: inout Int, depth: Int) throws(RESPProtocolError) -> RESPValue? {
        guard position < buffer.count else { return nil }
        let marker = buffer[position]
        let lineStart = position + 1
        guard let lineEnd = lineEnd(from: lineStart) else {
            if buffer.count - lineStart > 64 * 1024 { throw RESPProtocolError("a reply line longer than 64 KiB") }
            return nil
        }
        let line = buffer[lineStart..<lineEnd]
        let afterLine = lineEnd + 2
        switch marker {
        case UInt8(ascii: "+"):
            position = afterLine
            return .simpleString(String(decoding: line, as: UTF8.self))
        case UInt8(ascii: "-"):
            position = afterLine
            return .error(String(decoding: line, as: UTF8.self))
        case UInt8(ascii: ":"):
            position = afterLine
            return .integer(try Self.integer(line))
        case UInt8(ascii: "$"):
            let length = try Self.integer(line)
            if length == -1 {
                position = afterLine
                return .bulkString(nil)
            }
            guard length >= 0, length <= maxBulkBytes else {
                throw RESPProtocolError("a bulk string of \(length) bytes (limit \(maxBulkBytes))")
            }
            let end = afterLine + Int(length)
            guard end + 2 <= buffer.count else { return nil }
            guard buffer[end] == 13, buffer[end + 1] == 10 else {
                throw RESPProtocolError("a bulk string not followed by CRLF")
            }
            position = end + 2
            return .bulkString(Array(buffer[afterLine..<end]))
        case UInt8(ascii: "*"):
            let count = try Self.integer(line)
            if count == -1 {
                position = afterLine
                return .array(nil)
            }
            guard count >= 0, count <= maxArrayCount else {
                throw RESPProtocolError("an array of \(count) elements (limit \(maxArrayCount))")
            }
            guard depth < maxDepth else { throw RESPProtocolError("arrays nested deeper than \(maxDepth)") }
            var elements: [RESPValue] = []
            elements.reserveCapacity(min(Int(count), 1024))
            var cursor = afterLine
            for _ in 0..<count {
                guard let element = try parse(at: &cursor, depth: depth + 1) else { return nil }
                elements.append(element)
            }
            position = cursor
            return .array(elements)
        default:
            throw RESPProtocolError("a reply starting with byte \(marker), not one of + - : $ *")
        }
    }

    /// The index of the CR of the first CRLF at or after `from`, nil if none yet; a lone CR or
    /// LF inside a line is malformed and found when the line is parsed.
    private func lineEnd(from: Int) -> Int? {
        var index = from
        while index + 1 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// A decimal integer line: an optional `-` and 1 to 19 digits.
    private static func integer(_ line: ArraySlice<UInt8>) throws(RESPProtocolError) -> Int64 {
        var digits = line[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw RESPProtocolError("'\(String(decoding: line.prefix(40), as: UTF8.self))' where an integer belongs")
        }
        var value: Int64 = 0
        for digit in digits {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(digit - 48))
            guard !overflowTimes, !overflowSum else { throw RESPProtocolError("an integer out of range") }
            value = sum
        }
        return negative ? -value : value
    }
}

/// A reply that is not RESP2: the connection cannot be trusted after it and is closed.
public struct RESPProtocolError: Error, Equatable, CustomStringConvertible {
    public var description: String

    init(_ what: String) {
        description = "malformed reply from the store: \(what)"
    }
}
