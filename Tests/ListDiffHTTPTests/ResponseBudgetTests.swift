import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The server's limit of unsent response bytes (`maxBufferedResponseBytes`) over real sockets:
/// a body many readers share counted once, a large answer past the limit refused 503 while
/// small ones go on, a stream whose first event does not fit closed, readers that stopped
/// reading closed under pressure, and the bytes back when readers go.
@Suite(.ownThreads) struct ResponseBudgetTests {
    /// One buffer every request of `/shared` and every `/shared-stream` queues: 16 MiB, far
    /// more than the kernel's socket buffers take (up to 4 MiB on Linux by default), so most
    /// of it waits in the server for a reader that does not read.
    static let shared = [UInt8](repeating: UInt8(ascii: "s"), count: bodyBytes)
    static let bodyBytes = 16 << 20

    static func configuration(limit: Int = 256 << 20) -> HTTPServerConfiguration {
        TestServer.configuration(
            limits: HTTPLimits(
                maxRequestLineBytes: 1024, maxHeaderBytes: 4096, maxBodyBytes: 1 << 20,
                maxBufferedResponseBytes: limit))
    }

    /// The test routes, and `/shared` (the same array each time), `/fresh` (as large, made for
    /// each request) and `/shared-stream` (a stream whose first event frames `/shared`'s
    /// bytes as one chunk of three parts).
    static func router() -> Router {
        var router = TestServer.router()
        router.get("/shared") { _ in HTTPResponse(status: 200, body: shared) }
        router.get("/fresh") { _ in
            HTTPResponse(status: 200, body: [UInt8](repeating: UInt8(ascii: "f"), count: bodyBytes))
        }
        router.add(
            "GET", "/shared-stream",
            HTTPHandler(deferring: { _ in
                let stream = HTTPResponseStream(
                    head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]), heartbeat: nil,
                    farewell: [])
                stream.send(parts: [Array("data: ".utf8), shared, Array("\n\n".utf8)])
                return .stream(stream)
            }))
        return router
    }

    /// A client that sends `GET path` and reads nothing (a 4 KiB receive buffer).
    static func silentReader(_ server: HTTPServer, _ path: String) throws -> RawClient {
        let client = try RawClient(port: server.port, receiveBufferBytes: 4096)
        try client.send(get(path))
        return client
    }

    /// Requests of `route` answered `status` so far.
    static func answered(_ statistics: HTTPServerStatistics, _ route: String, status: Int = 200) -> Int {
        statistics.requests.counts.filter { $0.key.route == route && $0.key.status == status }.values.reduce(0, +)
    }

    @Test func readersOfOneBodyHoldItOnceAndGiveItBackWhenTheyGo() throws {
        try TestServer.with(Self.configuration(), router: Self.router()) { server in
            var readers = try (0..<10).map { _ in try Self.silentReader(server, "/shared") }
            readers += try (0..<10).map { _ in try Self.silentReader(server, "/shared-stream") }
            let queued = statistics(of: server) { Self.answered($0, "/shared") == 10 && $0.openStreams == 10 }
            #expect(Self.answered(queued, "/shared") == 10)
            // Open, though each first event is far larger than a stream's own buffer.
            #expect(queued.openStreams == 10)
            #expect(queued.bufferedResponseBytes >= Self.shared.count)
            #expect(queued.bufferedResponseBytes < Self.shared.count + 64 * 1024, "20 readers of one body")
            // A body made for each request is one buffer each.
            readers += try (0..<2).map { _ in try Self.silentReader(server, "/fresh") }
            let fresh = statistics(of: server) { Self.answered($0, "/fresh") == 2 }
            #expect(fresh.bufferedResponseBytes >= 3 * Self.shared.count)
            // The event's three parts arrive as one chunk.
            let reader = try RawClient(port: server.port)
            try reader.send(get("/shared-stream"))
            _ = try reader.readHead()
            let event = try reader.readChunk()
            #expect(event?.count == Self.bodyBytes + 8)
            #expect(event.map { $0 == Array("data: ".utf8) + Self.shared + Array("\n\n".utf8) } == true)
            readers = []
            let left = statistics(of: server) { $0.openStreams == 1 && $0.bufferedResponseBytes == 0 }
            #expect(left.openStreams == 1)
            #expect(left.bufferedResponseBytes == 0)
        }
    }

    @Test func pastTheLimitALargeAnswerIsRefused503WhileSmallOnesGoOn() throws {
        try TestServer.with(Self.configuration(limit: 24 << 20), router: Self.router()) { server in
            var holders = [try Self.silentReader(server, "/fresh")]
            _ = statistics(of: server) { Self.answered($0, "/fresh") == 1 }
            let client = try RawClient(port: server.port)
            let refused = try client.request("GET", "/fresh")
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.header("Content-Type") == "application/problem+json")
            #expect(refused.body.count < 1024 && refused.bodyText.contains("bytes of responses not yet read"))
            #expect(try client.request("GET", "/healthz").status == 200, "the connection goes on, small answers too")
            #expect(statistics(of: server) { $0.responseBudgetRefusals == 1 }.responseBudgetRefusals == 1)
            holders.removeAll()
            #expect(statistics(of: server) { $0.bufferedResponseBytes == 0 }.bufferedResponseBytes == 0)
            #expect(try client.request("GET", "/fresh").body.count == Self.bodyBytes)
        }
    }

    @Test func aStreamWhoseFirstEventDoesNotFitIsClosed() throws {
        try TestServer.with(Self.configuration(limit: 8 << 20), router: Self.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/shared-stream"))
            // Closed as its event was refused: the head may or may not have gone out, the event never.
            #expect(try client.readToEOF().count < 4096)
            let closed = statistics(of: server) { $0.responseBudgetCloses == 1 && $0.openStreams == 0 }
            #expect(closed.responseBudgetCloses == 1)
            #expect(closed.streamSlowReaderCloses == 1)
            #expect(closed.bufferedResponseBytes == 0)
        }
    }

    @Test func underPressureAReaderThatStoppedReadingIsClosed() throws {
        try TestServer.with(Self.configuration(limit: 24 << 20), router: Self.router()) { server in
            let holder = try Self.silentReader(server, "/fresh")
            _ = statistics(of: server) { Self.answered($0, "/fresh") == 1 }
            // Stalled for longer than a loop waits before it closes a stalled reader under pressure.
            Thread.sleep(forTimeInterval: 1.5)
            let client = try RawClient(port: server.port)
            #expect(try client.request("GET", "/fresh").status == 503)
            let closed = statistics(of: server) { $0.responseBudgetCloses == 1 && $0.bufferedResponseBytes == 0 }
            #expect(closed.responseBudgetCloses == 1)
            #expect(closed.bufferedResponseBytes == 0)
            #expect(try client.request("GET", "/fresh").status == 200)
            #expect(try holder.readToEOF().count < Self.bodyBytes, "closed before its answer was read")
        }
    }

    @Test func copiedBytesWaitingForAReaderCountAndPastTheLimitTheirReaderIsClosed() throws {
        try TestServer.with(Self.configuration(limit: 256 << 10), router: Self.router()) { server in
            // Small answers are copied, never refused: 60,000 pipelined ones that are never
            // read pile up to the output high-water mark (1 MiB) before the server stops reading.
            let client = try RawClient(port: server.port, receiveBufferBytes: 4096)
            let requests = Array(String(repeating: get("/healthz"), count: 60_000).utf8)
            Thread { try? client.send(requests) }.start()
            let counted = statistics(of: server) { $0.bufferedResponseBytes > 256 << 10 }
            #expect(counted.bufferedResponseBytes > 256 << 10)
            // Past the limit, each loop's tick closes the readers stalled for a second.
            let closed = statistics(of: server, within: 5) {
                $0.responseBudgetCloses == 1 && $0.bufferedResponseBytes == 0
            }
            #expect(closed.responseBudgetCloses == 1)
            #expect(closed.bufferedResponseBytes == 0)
        }
    }
}
