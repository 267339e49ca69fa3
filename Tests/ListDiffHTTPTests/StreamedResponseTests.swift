import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Streamed responses (``HTTPResponseStream``) over real sockets: framing, order, heartbeats,
/// the idle and slow-reader rules, the client leaving, shutdown, the stream limit.
@Suite(.ownThreads) struct StreamedResponseTests {
    static func configuration(
        idle: Double = 5, streamMaxBufferBytes: Int = 256 * 1024, maxStreams: Int = 20_000
    ) -> HTTPServerConfiguration {
        TestServer.configuration(
            limits: HTTPLimits(
                maxRequestLineBytes: 1024, maxHeaderBytes: 4096, maxBodyBytes: 1 << 20,
                streamMaxBufferBytes: streamMaxBufferBytes, maxStreams: maxStreams),
            timeouts: HTTPTimeouts(
                headerRead: 0.5, bodyRead: 0.5, idle: idle, write: 5, linger: 0.5, shutdownGrace: 3))
    }

    @Test(arguments: ["/stream", "/stream-heavy"])
    func chunksArriveInOrderAfterWhatWasSentBeforeTheHandlerReturned(path: String) throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get(path))
            let head = try client.readHead()
            #expect(head.status == 200)
            #expect(head.header("Transfer-Encoding") == "chunked")
            #expect(head.header("Content-Length") == nil)
            #expect(head.header("Connection") == "close")
            #expect(head.header("Content-Type") == "text/event-stream")
            let stream = try registry.stream()
            #expect(try client.readChunk() == StreamRegistry.early)
            let pieces = (1...40).map { Array(String(repeating: "\($0 % 10)", count: $0 * 50).utf8) }
            for piece in pieces { #expect(stream.send(piece)) }
            for piece in pieces { #expect(try client.readChunk() == piece) }
            // The drain runs on the loop once the bytes are written: soon after they arrive, not
            // before (and not at all once a finish has ended the stream with them).
            let deadline = Date(timeIntervalSinceNow: 2)
            while registry.drains == 0, Date() < deadline { usleep(1000) }
            #expect(registry.drains >= 1)
            stream.finish()
            #expect(try client.readChunk() == nil)
            #expect(client.readsEOF())
            #expect(stream.send(Array("late".utf8)) == false)
            #expect(stream.unsentBytes == 0)
            #expect(registry.ends.isEmpty)
        }
    }

    @Test func aHeartbeatIsSentWhenNothingElseWasForItsInterval() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/stream?heartbeat=0.2"))
            _ = try client.readHead()
            #expect(try client.readChunk() == StreamRegistry.early)
            var gaps: [Double] = []
            var last = Date()
            for _ in 0..<3 {
                #expect(try client.readChunk() == Array(":\n".utf8))
                gaps.append(Date().timeIntervalSince(last))
                last = Date()
            }
            #expect(gaps.allSatisfy { $0 > 0.12 && $0 < 0.6 }, "heartbeat gaps \(gaps)")
            // Output resets the heartbeat's clock: the next comes an interval after it.
            try registry.stream().send(Array("news\n".utf8))
            #expect(try client.readChunk() == Array("news\n".utf8))
            let sent = Date()
            #expect(try client.readChunk() == Array(":\n".utf8))
            #expect(Date().timeIntervalSince(sent) > 0.12)
        }
    }

    @Test func theIdleTimeoutClosesAnIdleKeepAliveConnectionButNotAStream() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(idle: 0.3), router: registry.router()) { server in
            let streamClient = try RawClient(port: server.port)
            try streamClient.send(get("/stream"))
            _ = try streamClient.readHead()
            #expect(try streamClient.readChunk() == StreamRegistry.early)
            let keepAlive = try RawClient(port: server.port)
            #expect(try keepAlive.request("GET", "/healthz").status == 200)
            Thread.sleep(forTimeInterval: 1.0)
            #expect(keepAlive.readsEOF())
            #expect(try registry.stream().send(Array("still here\n".utf8)))
            #expect(try streamClient.readChunk() == Array("still here\n".utf8))
            #expect(registry.ends.isEmpty)
        }
    }

    @Test func aReaderThatNeverReadsIsClosedPastTheStreamBuffer() throws {
        let registry = StreamRegistry()
        let limit = 128 * 1024
        try TestServer.with(Self.configuration(streamMaxBufferBytes: limit), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/stream"))
            let stream = try registry.stream()
            let piece = [UInt8](repeating: UInt8(ascii: "s"), count: 16 * 1024)
            var sent = 0
            let deadline = Date().addingTimeInterval(5)
            while stream.send(piece) && Date() < deadline {
                sent += piece.count
                if stream.unsentBytes > 4 * limit { Thread.sleep(forTimeInterval: 0.001) }
            }
            #expect(registry.waitForEnds(1) == [.slowReader])
            #expect(sent < 64 << 20, "sent \(sent) bytes before the close")
            let closed = statistics(of: server) { $0.streamSlowReaderCloses == 1 && $0.openStreams == 0 }
            #expect(closed.streamSlowReaderCloses == 1)
            #expect(closed.openStreams == 0)
        }
    }

    @Test func aClientThatClosesEndsItsStreamAsGone() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(), router: registry.router()) { server in
            var client: RawClient? = try RawClient(port: server.port)
            try client?.send(get("/stream"))
            _ = try client?.readHead()
            let stream = try registry.stream()
            client = nil
            #expect(registry.waitForEnds(1) == [.clientGone])
            #expect(stream.send(Array("anyone?".utf8)) == false)
            #expect(statistics(of: server) { $0.openStreams == 0 }.openStreams == 0)
        }
    }

    @Test func shutdownSendsTheFarewellThenTheEndOfTheBody() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/stream"))
            _ = try client.readHead()
            #expect(try client.readChunk() == StreamRegistry.early)
            #expect(try registry.stream().send(Array("last news\n".utf8)))
            server.shutdown(gracePeriod: 2)
            #expect(try client.readChunk() == Array("last news\n".utf8))
            #expect(try client.readChunk() == StreamRegistry.farewell)
            #expect(try client.readChunk() == nil)
            #expect(client.readsEOF())
            #expect(registry.waitForEnds(1) == [.shutdown])
        }
    }

    @Test func aStreamPastTheLimitIsAnswered503AndRefused() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(maxStreams: 1), router: registry.router()) { server in
            let first = try RawClient(port: server.port)
            try first.send(get("/stream"))
            _ = try first.readHead()
            let second = try RawClient(port: server.port)
            let refused = try second.request("GET", "/stream")
            #expect(refused.status == 503)
            #expect(refused.header("Content-Type") == "application/problem+json")
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.bodyText.contains("limit of 1 open streams"))
            #expect(registry.waitForEnds(1) == [.refused])
            #expect(try second.request("GET", "/healthz").status == 200)
            let counted = statistics(of: server) { $0.refusedStreams == 1 }
            #expect(counted.refusedStreams == 1)
            #expect(counted.openStreams == 1)
        }
    }

    @Test func aRequestPipelinedAfterAStreamIsNeverAnswered() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/stream") + get("/healthz"))
            _ = try client.readHead()
            let stream = try registry.stream()
            try client.send(get("/healthz"))
            stream.finish()
            #expect(try client.readChunk() == StreamRegistry.early)
            #expect(try client.readChunk() == nil)
            // Nor one sent after its end: the connection closes at once.
            try client.send(get("/healthz"))
            let ended = Date()
            #expect(try client.readToEOF().isEmpty)
            #expect(Date().timeIntervalSince(ended) < 1)
        }
    }

    @Test func anHTTP10StreamIsDelimitedByTheClose() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send("GET /stream HTTP/1.0\r\n\r\n")
            let head = try client.readHead()
            #expect(head.header("Transfer-Encoding") == nil)
            #expect(head.header("Content-Length") == nil)
            #expect(head.header("Connection") == "close")
            let stream = try registry.stream()
            stream.send(Array("two\n".utf8))
            stream.finish()
            #expect(try client.readToEOF() == StreamRegistry.early + Array("two\n".utf8))
        }
    }

    @Test func aHEADRequestGetsTheHeadAloneAndTheConnectionGoesOn() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            let head = try client.request("HEAD", "/stream")
            #expect(head.status == 200)
            #expect(head.header("Transfer-Encoding") == "chunked")
            #expect(head.header("Content-Length") == nil)
            #expect(try client.request("GET", "/healthz").bodyText == "ok\n")
            #expect(registry.waitForEnds(1) == [.refused])
        }
    }

    @Test func statisticsCountOpenStreamsAndTheirChunks() throws {
        let registry = StreamRegistry()
        try TestServer.with(Self.configuration(), router: registry.router()) { server in
            let clients = try (0..<3).map { _ in try RawClient(port: server.port) }
            for client in clients { try client.send(get("/stream")) }
            for client in clients { _ = try client.readHead() }
            let open = statistics(of: server) { $0.openStreams == 3 && $0.streamedChunks == 3 }
            #expect(open.openStreams == 3)
            #expect(open.streamedChunks == 3)
            for index in 1...3 { try registry.stream(index).finish() }
            let ended = statistics(of: server) { $0.openStreams == 0 }
            #expect(ended.openStreams == 0)
            #expect(ended.streamedChunks == 3)
        }
    }
}
