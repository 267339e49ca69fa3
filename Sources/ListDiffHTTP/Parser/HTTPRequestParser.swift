#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An incremental HTTP/1.1 request parser over raw bytes (RFC 9112).
///
/// Feed it the unconsumed input; each call returns at most one event and how many bytes it
/// used. It remembers how far it searched an unfinished line, so input that arrives a byte at
/// a time costs O(total bytes), not O(n²). Limits are checked as bytes arrive (414, 431, 413).
/// Strict where leniency enables request smuggling: CRLF line ends, no obs-fold, no space
/// before the colon, `Transfer-Encoding` with `Content-Length` rejected, conflicting
/// `Content-Length` values rejected, exactly one `Host` in HTTP/1.1.
public struct HTTPRequestParser: Sendable {
    /// Where the parser is within a request, for choosing which timeout applies.
    public enum Phase: Sendable, Equatable {
        case idle, head, body
    }

    enum State: Sendable {
        case requestLine, headerLines
        case fixedBody(remaining: Int)
        case chunkSizeLine
        case chunkData(remaining: Int)
        case chunkDataEnd, trailerLines
        case failed(HTTPParseError)
    }

    static let maxChunkSizeLineBytes = 1024
    static let maxLeadingEmptyLines = 8
    /// Body storage reserved on a declared length alone; the rest grows as bytes arrive, so
    /// many connections that declare large bodies and send nothing cannot reserve much.
    static let maxUpfrontReservation = 1 << 20

    let limits: HTTPLimits
    var state: State = .requestLine
    /// Bytes of the current unfinished line already searched for its LF.
    var lineScanned = 0
    /// Bytes of the head (or of the trailers) so far, for the 431 limit.
    var headBytes = 0
    var leadingEmptyLines = 0
    var method = ""
    var target = ""
    var path = ""
    var rawPath = ""
    var query: [HTTPQueryParameter] = []
    var version = HTTPVersion.http1_1
    var headers = HTTPHeaders()
    /// What the headers read so far say about the body's framing.
    var framingFields = FramingFields()
    var trailers = HTTPHeaders()
    var body: [UInt8] = []
    var keepAlive = true
    /// The connection's peer, given to every request it reads.
    public var peerAddress = HTTPPeerAddress.unknown

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// The part of a request being received (idle: between requests, nothing buffered).
    public var phase: Phase {
        switch state {
        case .requestLine: return .idle
        case .headerLines: return .head
        default: return .body
        }
    }

    /// Body bytes received so far of the request being read (de-chunked).
    public var bodyBytesReceived: Int { body.count }

    /// The head just received, without its body: what a responder sees when deciding whether
    /// to answer `Expect: 100-continue` with `100 Continue` or with a final status.
    public var currentHead: HTTPRequest {
        var head = HTTPRequest(
            method: method, target: target, path: path, rawPath: rawPath, query: query, version: version,
            headers: headers, keepAlive: keepAlive)
        head.peerAddress = peerAddress
        return head
    }

    /// Parses from the start of `input`. Returns the bytes used and what they made.
    /// After a `.failure`, every later call returns the same failure.
    public mutating func parse(_ input: UnsafeRawBufferPointer) -> HTTPParseStep {
        var consumed = 0
        let event = parse(input, consumed: &consumed)
        return HTTPParseStep(consumed: consumed, event: event)
    }

    /// ``parse(_:)`` with the bytes used counted into `consumed`: the event loop's form, whose
    /// event it can consume (a request taken out of a step was copied, then the step's copy
    /// destroyed: a retain and a release of each of the request's fields).
    mutating func parse(_ input: UnsafeRawBufferPointer, consumed offset: inout Int) -> HTTPParseEvent {
        do {
            while true {
                if let event = try advance(input, &offset) { return event }
            }
        } catch {
            state = .failed(error)
            return .failure(error)
        }
    }

    /// Takes one step of the state machine; returns an event when the caller must act.
    private mutating func advance(_ input: UnsafeRawBufferPointer, _ offset: inout Int) throws(HTTPParseError)
        -> HTTPParseEvent?
    {
        switch state {
        case .failed(let error):
            throw error
        case .requestLine:
            let line: UnsafeRawBufferPointer.SubSequence
            switch try nextLine(input, &offset, limit: limits.maxRequestLineBytes) {
            case .line(let complete): line = complete
            case .incomplete: return .needMoreData
            case .tooLong: throw requestLineTooLong()
            }
            if line.isEmpty {
                leadingEmptyLines += 1
                guard leadingEmptyLines <= Self.maxLeadingEmptyLines else {
                    throw HTTPParseError(
                        .badRequest, "request line: more than \(Self.maxLeadingEmptyLines) empty lines before it")
                }
                return nil
            }
            headBytes = line.count + 2
            try parseRequestLine(line)
            state = .headerLines
            return nil
        case .headerLines, .trailerLines:
            let isTrailer: Bool
            if case .trailerLines = state { isTrailer = true } else { isTrailer = false }
            let remaining = limits.maxHeaderBytes - headBytes
            let line: UnsafeRawBufferPointer.SubSequence
            switch try nextLine(input, &offset, limit: remaining) {
            case .line(let complete): line = complete
            case .incomplete: return .needMoreData
            case .tooLong: throw headerTooLarge(isTrailer)
            }
            headBytes += line.count + 2
            if line.isEmpty {
                if isTrailer { return .request(completeRequest()) }
                return try finishHead(bufferedBodyBytes: input.count - offset)
            }
            let (name, value, framing) = try HeaderLineParsing.field(
                line, lineNumber: (isTrailer ? trailers.count : headers.count) + 1, isTrailer: isTrailer)
            if isTrailer {
                trailers.append(name: name, value: value)
            } else {
                if let framing { framingFields.note(framing, value: value) }
                headers.append(name: name, value: value)
            }
            guard headers.count + trailers.count <= limits.maxHeaderCount else {
                throw HTTPParseError(
                    .headerFieldsTooLarge,
                    "\(isTrailer ? "trailers" : "headers"): more than \(limits.maxHeaderCount) fields")
            }
            return nil
        case .fixedBody(let remaining):
            let available = input.count - offset
            guard available > 0 else { return .needMoreData }
            let taken = min(available, remaining)
            // Reserved at the first body byte, not at the head: a request refused on its
            // head never holds body storage. Past the first reservation, the rest exactly:
            // doubling would hold up to twice the body (and both copies while growing).
            if body.isEmpty {
                body.reserveCapacity(min(remaining, Self.maxUpfrontReservation))
            } else if body.count + taken > body.capacity {
                body.reserveCapacity(body.count + remaining)
            }
            body.append(contentsOf: input[offset..<offset + taken])
            offset += taken
            if taken == remaining { return .request(completeRequest()) }
            state = .fixedBody(remaining: remaining - taken)
            return .needMoreData
        case .chunkSizeLine:
            let line: UnsafeRawBufferPointer.SubSequence
            switch try nextLine(input, &offset, limit: Self.maxChunkSizeLineBytes) {
            case .line(let complete): line = complete
            case .incomplete: return .needMoreData
            case .tooLong: throw chunkLineTooLong()
            }
            let size = try ChunkSizeParsing.size(line, chunkIndexHint: body.count)
            guard size <= limits.maxBodyBytes - body.count else {
                throw HTTPParseError(
                    .contentTooLarge, "body: chunked body exceeds the limit of \(limits.maxBodyBytes) bytes")
            }
            if size == 0 {
                headBytes = 0
                state = .trailerLines
            } else {
                reserveBody(additional: min(size, Self.maxUpfrontReservation))
                state = .chunkData(remaining: size)
            }
            return nil
        case .chunkData(let remaining):
            let available = input.count - offset
            guard available > 0 else { return .needMoreData }
            let taken = min(available, remaining)
            body.append(contentsOf: input[offset..<offset + taken])
            offset += taken
            state = taken == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - taken)
            return taken == remaining ? nil : .needMoreData
        case .chunkDataEnd:
            let available = input.count - offset
            if available >= 1, input[offset] != HTTPBytes.cr {
                throw HTTPParseError(
                    .badRequest, "chunked body: chunk data is not followed by CRLF (at body byte \(body.count))")
            }
            guard available >= 2 else { return .needMoreData }
            guard input[offset + 1] == HTTPBytes.lf else {
                throw HTTPParseError(
                    .badRequest, "chunked body: chunk data is not followed by CRLF (at body byte \(body.count))")
            }
            offset += 2
            state = .chunkSizeLine
            return nil
        }
    }

    /// Room for `additional` more body bytes, growing at least geometrically: reserving the
    /// exact sum per chunk would copy the whole body again for every small chunk.
    private mutating func reserveBody(additional: Int) {
        let needed = body.count + additional
        guard needed > body.capacity else { return }
        body.reserveCapacity(max(needed, 2 * body.capacity))
    }

    enum LineResult {
        case line(UnsafeRawBufferPointer.SubSequence)
        case incomplete, tooLong
    }

    /// The next CRLF-terminated line without its CRLF, `.incomplete` if the input ends first,
    /// `.tooLong` once the line exceeds `limit` bytes, even while still unfinished.
    private mutating func nextLine(
        _ input: UnsafeRawBufferPointer, _ offset: inout Int, limit: Int
    ) throws(HTTPParseError) -> LineResult {
        let start = offset
        var index = input.count
        // memchr: a head's lines are searched a byte at a time otherwise.
        if start + lineScanned < input.count, let base = input.baseAddress,
            let found = memchr(base + start + lineScanned, Int32(HTTPBytes.lf), input.count - start - lineScanned)
        {
            index = base.distance(to: UnsafeRawPointer(found))
        }
        guard index < input.count else {
            lineScanned = input.count - start
            return lineScanned > limit + 1 ? .tooLong : .incomplete
        }
        lineScanned = 0
        // Same verdict as for an unfinished line, however the bytes were split.
        if index - start > limit + 1 { return .tooLong }
        guard index > start, input[index - 1] == HTTPBytes.cr else {
            throw HTTPParseError(.badRequest, "line \(describePosition()): ends with a bare LF instead of CRLF")
        }
        let line = input[start..<index - 1]
        if line.count > limit { return .tooLong }
        offset = index + 1
        return .line(line)
    }

    private func describePosition() -> String {
        switch state {
        case .requestLine: return "request line"
        case .headerLines: return "header line \(headers.count + 1)"
        case .trailerLines: return "trailer line \(trailers.count + 1)"
        default: return "chunk size line"
        }
    }

    private func requestLineTooLong() -> HTTPParseError {
        HTTPParseError(.requestLineTooLong, "request line: longer than \(limits.maxRequestLineBytes) bytes")
    }

    private func headerTooLarge(_ isTrailer: Bool) -> HTTPParseError {
        HTTPParseError(
            .headerFieldsTooLarge,
            "\(isTrailer ? "trailers" : "request head"): larger than \(limits.maxHeaderBytes) bytes")
    }

    private func chunkLineTooLong() -> HTTPParseError {
        HTTPParseError(.badRequest, "chunked body: chunk size line longer than \(Self.maxChunkSizeLineBytes) bytes")
    }

    private mutating func parseRequestLine(_ line: UnsafeRawBufferPointer.SubSequence) throws(HTTPParseError) {
        let parts = try RequestLineParsing.parse(line)
        method = parts.method
        target = parts.target
        path = parts.path
        rawPath = parts.rawPath
        query = parts.query
        version = parts.version
    }

    /// Decides the body framing once the head is complete (RFC 9112 §6.3).
    private mutating func finishHead(bufferedBodyBytes: Int) throws(HTTPParseError) -> HTTPParseEvent? {
        let framing = try BodyFraming.decide(framingFields, version: version, maxBodyBytes: limits.maxBodyBytes)
        keepAlive =
            version == .http1_1
            ? !(framing.hasConnectionField && headers.containsToken("close", in: "Connection"))
            : framing.hasConnectionField && headers.containsToken("keep-alive", in: "Connection")
        let declared: Int?
        switch framing.length {
        case .none:
            return .request(completeRequest())
        case .fixed(let length):
            state = .fixedBody(remaining: length)
            declared = length
        case .chunked:
            state = .chunkSizeLine
            declared = nil
        }
        return .bodyFollows(
            declaredBytes: declared, arrivedBytes: bufferedBodyBytes,
            expectsContinue: framing.expectsContinue && bufferedBodyBytes == 0)
    }

    /// Hands the finished request over and gets ready for the next one.
    private mutating func completeRequest() -> HTTPRequest {
        var request = HTTPRequest(
            method: method, target: target, path: path, rawPath: rawPath, query: query, version: version,
            headers: headers, body: body, trailers: trailers, keepAlive: keepAlive
        )
        request.peerAddress = peerAddress
        state = .requestLine
        headBytes = 0
        leadingEmptyLines = 0
        headers = HTTPHeaders()
        framingFields = FramingFields()
        trailers = HTTPHeaders()
        body = []
        query = []
        return request
    }
}
