/// Writes a response head (and a small body) into an output buffer without building Strings.
enum ResponseSerializer {
    /// Headers the transport owns; a handler's own values for them are dropped.
    private static func isTransportHeader(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        func named(_ transport: StaticString) -> Bool {
            transport.withUTF8Buffer { HTTPHeaders.bytesMatchIgnoringCase(name, $0) }
        }
        return named("Content-Length") || named("Connection") || named("Date") || named("Transfer-Encoding")
            || named("X-Content-Type-Options")
    }

    static let continueLine: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends the head for `response` to `output`; returns whether the body may be sent
    /// (not for HEAD, 1xx, 204 and 304). O(head size).
    static func appendHead(
        of response: HTTPResponse, to output: inout [UInt8], requestIsHead: Bool,
        keepAlive: Bool, clientIsHTTP10: Bool, dateLine: [UInt8]
    ) -> Bool {
        appendStatusAndFields(of: response, to: &output, dateLine: dateLine)
        let status = response.status
        let hasNoContent = status < 200 || status == 204 || status == 304
        if !hasNoContent {
            append("Content-Length: ", to: &output)
            appendDecimal(response.body.count, to: &output)
            append("\r\n", to: &output)
        }
        if !keepAlive {
            append("Connection: close\r\n", to: &output)
        } else if clientIsHTTP10 {
            append("Connection: keep-alive\r\n", to: &output)
        }
        append("\r\n", to: &output)
        return !hasNoContent && !requestIsHead
    }

    /// Appends the head of a streamed response: no `Content-Length`, `Transfer-Encoding:
    /// chunked` when `chunked`, and `Connection: close` (a stream ends its connection) unless
    /// `keepAlive` (a HEAD request, answered with the head alone). O(head size).
    static func appendStreamHead(
        of response: HTTPResponse, to output: inout [UInt8], chunked: Bool, keepAlive: Bool, dateLine: [UInt8]
    ) {
        appendStatusAndFields(of: response, to: &output, dateLine: dateLine)
        if chunked { append("Transfer-Encoding: chunked\r\n", to: &output) }
        if !keepAlive { append("Connection: close\r\n", to: &output) }
        append("\r\n", to: &output)
    }

    /// The status line, the handler's headers but the transport's own, `X-Content-Type-Options`
    /// and `Date`. Every answer says `nosniff`, whoever wrote its `Content-Type`: a browser then
    /// never runs an answer as a script or a page its type does not name.
    @inline(__always)
    private static func appendStatusAndFields(of response: HTTPResponse, to output: inout [UInt8], dateLine: [UInt8]) {
        if response.status == 200 {
            // Nearly every answer: one literal instead of the number and the phrase looked up.
            append("HTTP/1.1 200 OK\r\n", to: &output)
        } else {
            append("HTTP/1.1 ", to: &output)
            appendDecimal(response.status, to: &output)
            output.append(HTTPBytes.space)
            output.append(contentsOf: HTTPStatusPhrase.phrase(for: response.status).utf8)
            append("\r\n", to: &output)
        }
        response.headers.forEachField { name, value in
            if !isTransportHeader(name) {
                output.append(contentsOf: name)
                append(": ", to: &output)
                output.append(contentsOf: value)
                append("\r\n", to: &output)
            }
            return true
        }
        append("X-Content-Type-Options: nosniff\r\n", to: &output)
        output.append(contentsOf: dateLine)
    }

    /// Appends a literal's bytes as they are in the binary (a String's UTF-8 view took a call
    /// into the string's storage for each).
    @inline(__always)
    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Appends a chunk's size line: the size in hexadecimal and CRLF. O(digits).
    static func appendChunkSize(_ size: Int, to output: inout [UInt8]) {
        // A small string's digits, appended without an array of their own.
        output.append(contentsOf: String(size, radix: 16).utf8)
        output.append(contentsOf: chunkEnd)
    }

    /// One chunk of a chunked body: its size line, its bytes, the CRLF that ends it.
    static func appendChunk(_ piece: [UInt8], to output: inout [UInt8]) {
        appendChunkSize(piece.count, to: &output)
        output.append(contentsOf: piece)
        output.append(contentsOf: chunkEnd)
    }

    static let chunkEnd: [UInt8] = [HTTPBytes.cr, HTTPBytes.lf]

    static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        guard value > 0 else {
            output.append(UInt8(ascii: "0"))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var remaining = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while remaining > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            }
            // The tuple's memory is bound to UInt8; appended as typed bytes, one copy (a raw
            // slice would go through the generic path for every number).
            output.append(
                contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]).assumingMemoryBound(
                    to: UInt8.self))
        }
    }
}
