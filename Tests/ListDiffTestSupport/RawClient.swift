import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking test client over a plain TCP socket, so tests control every byte on the wire.
public final class RawClient: @unchecked Sendable {
    // Sendable argument: a test uses each client from one thread at a time.
    public struct Response {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        public var bodyText: String { String(decoding: body, as: UTF8.self) }

        /// Parses a JSON body (`application/json`, `application/problem+json`) with Foundation's
        /// own parser before a test reads anything of it, so a body the server's writer got
        /// wrong fails every test that receives one, whatever the test goes on to check.
        func requireJSONBody() throws {
            guard !body.isEmpty, let type = header("Content-Type")?.lowercased(),
                type.hasPrefix("application/json") || type.hasPrefix("application/problem+json")
            else { return }
            do {
                _ = try JSONSerialization.jsonObject(with: Data(body), options: .fragmentsAllowed)
            } catch {
                throw ClientError.malformed("a \(type) body that is not JSON (\(error)): \(bodyText)")
            }
        }
    }

    public enum ClientError: Error {
        case connectFailed(Int32)
        case closed
        case timedOut
        case malformed(String)
    }

    public let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `port` on loopback. `receiveBufferBytes` shrinks the socket's receive
    /// buffer (before connecting, so the window follows): a reader that stops reading then
    /// leaves the server's bytes unsent sooner. `sourceAddress` (another loopback address, such
    /// as `127.0.0.2`: Linux answers all of 127/8) is the address the server sees it come from.
    public init(
        port: Int, receiveTimeout: Double = 5, receiveBufferBytes: Int32? = nil, sourceAddress: String? = nil
    ) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var bytes = receiveBufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        let connected =
            Self.call(fd, .loopback(port: 0, address: sourceAddress), bind)
            && Self.call(fd, .loopback(port: port, address: "127.0.0.1"), connect)
        guard connected else {
            let code = errno
            close(fd)
            throw ClientError.connectFailed(code)
        }
        setReceiveTimeout(receiveTimeout)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// `operation` (`bind` or `connect`) on `fd` with `address`, or true when there is none.
    private static func call(
        _ fd: Int32, _ address: sockaddr_in?, _ operation: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Bool {
        guard var address else { return true }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                operation(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { rawSend(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard sent > 0 else { throw ClientError.closed }
            offset += sent
        }
    }

    /// Reads more bytes into the buffer; false on EOF or reset.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw ClientError.timedOut }
        return false
    }

    /// Reads one response (Content-Length framed, or to EOF without it).
    public func readResponse(isHead: Bool = false) throws -> Response {
        let head = try readHead()
        return isHead || head.status == 100 ? head : try readBody(of: head)
    }

    /// Reads the `Content-Length` body of a response whose head ``readHead()`` read (one that
    /// turned out not to be a stream): the whole response.
    public func readBody(of head: Response) throws -> Response {
        var response = head
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length {
            guard try fill() else { throw ClientError.closed }
        }
        response.body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        try response.requireJSONBody()
        return response
    }

    /// How long a read waits for bytes before it throws `timedOut`.
    public func setReceiveTimeout(_ seconds: Double) {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: .init((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads a response's head alone, leaving its body to ``readChunk()`` or ``readToEOF()``
    /// (a streamed response). The body of the result is empty.
    public func readHead() throws -> Response {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw ClientError.malformed(head) }
                let headers = lines.compactMap { line -> (String, String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (
                        String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    )
                }
                return Response(status: status, headers: headers, body: [])
            }
            guard try fill() else { throw ClientError.closed }
        }
    }

    /// Reads one chunk of a chunked body, checking its framing (hexadecimal size, CRLF, data,
    /// CRLF): its data, or nil for the last chunk (size 0, then an empty trailer section).
    /// Nothing is taken from the buffer until the whole chunk is there, so a read that times
    /// out can be tried again.
    public func readChunk() throws -> [UInt8]? {
        while true {
            if let sizeEnd = lineEnd(from: 0) {
                let sizeLine = String(decoding: buffer[0..<sizeEnd], as: UTF8.self)
                guard let size = Int(sizeLine, radix: 16), size >= 0 else {
                    throw ClientError.malformed("chunk size \(sizeLine)")
                }
                let start = sizeEnd + 2
                if size == 0, let trailerEnd = lineEnd(from: start) {
                    guard trailerEnd == start else { throw ClientError.malformed("a trailer after the last chunk") }
                    buffer.removeFirst(start + 2)
                    return nil
                }
                if size > 0, buffer.count >= start + size + 2 {
                    guard buffer[start + size] == 13, buffer[start + size + 1] == 10 else {
                        throw ClientError.malformed("no CRLF after a chunk")
                    }
                    let data = Array(buffer[start..<(start + size)])
                    buffer.removeFirst(start + size + 2)
                    return data
                }
            }
            guard try fill() else { throw ClientError.closed }
        }
    }

    /// Where the line starting at `start` of the buffer ends (its CR), if it is all there.
    private func lineEnd(from start: Int) -> Int? {
        guard buffer.count >= start + 2 else { return nil }
        return (start..<(buffer.count - 1)).first { buffer[$0] == 13 && buffer[$0 + 1] == 10 }
    }

    /// Reads until the server closes the connection (EOF or reset); returns what came.
    public func readToEOF() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }

    /// Whether the server closed the connection (EOF or reset) with nothing more to read.
    public func readsEOF() -> Bool {
        guard buffer.isEmpty else { return false }
        return (try? fill()) == false
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Sends one request (with `Content-Length` when it has a body) and reads its response.
    public func request(_ method: String, _ target: String, body: String? = nil, headers: [(String, String)] = [])
        throws -> Response
    {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        try send(head + "\r\n" + (body ?? ""))
        return try readResponse(isHead: method == "HEAD")
    }

    public func shutdownWriting() { shutdown(fd, Int32(SHUT_WR)) }
}

private func rawSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    return Darwin.send(fd, bytes, count, 0)
    #endif
}

extension sockaddr_in {
    /// `address` (dotted IPv4; nil gives nil) and `port` as a socket address.
    fileprivate static func loopback(port: Int, address: String?) -> sockaddr_in? {
        guard let address else { return nil }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
        socketAddress.sin_addr.s_addr = inet_addr(address)
        return socketAddress
    }
}
