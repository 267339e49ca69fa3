import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Every answer the transport writes says `X-Content-Type-Options: nosniff`, exactly once:
/// handlers' answers (inline, on a worker, deferred, HEAD), streams' heads, and the problems
/// the transport writes itself (400, 408, 413, 431, 503), over real sockets.
@Suite(.ownThreads) struct ContentTypeOptionsTests {
    static func router() -> Router {
        var router = StreamRegistry().router()
        // A handler that names the header itself: the transport's one value stays the only one.
        router.get("/own-options") { _ in
            HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain", "X-Content-Type-Options": "sniff-away"],
                body: Array("mine\n".utf8))
        }
        return router
    }

    /// The `X-Content-Type-Options` values of `response`, however their names are spelled.
    static func options(_ response: RawClient.Response) -> [String] {
        response.headers.filter { $0.0.lowercased() == "x-content-type-options" }.map(\.1)
    }

    @Test(arguments: [
        ("GET", "/healthz", 200), ("HEAD", "/healthz", 200), ("GET", "/slow?ms=1", 200),
        ("GET", "/later?ms=1", 200), ("GET", "/own-options", 200), ("GET", "/nowhere", 404),
        ("DELETE", "/healthz", 405), ("HEAD", "/stream", 200)
    ])
    func handlersAnswersSayNosniffOnce(method: String, path: String, status: Int) throws {
        try TestServer.with(router: Self.router()) { server in
            let response = try RawClient(port: server.port).request(method, path)
            #expect(response.status == status)
            #expect(Self.options(response) == ["nosniff"], "\(method) \(path): \(response.headers)")
        }
    }

    @Test func aStreamsHeadSaysNosniffOnce() throws {
        try TestServer.with(router: Self.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/stream"))
            let head = try client.readHead()
            #expect(head.status == 200)
            #expect(Self.options(head) == ["nosniff"])
        }
    }

    @Test func theTransportsOwnProblemsSayNosniffOnce() throws {
        try TestServer.with(router: Self.router()) { server in
            let garbage = try RawClient(port: server.port)
            try garbage.send("GET / HTTP/1.1\r\nHost: t\r\nBad Header\r\n\r\n")
            let malformed = try garbage.readResponse()
            #expect(malformed.status == 400)
            #expect(Self.options(malformed) == ["nosniff"])

            let header = try RawClient(port: server.port)
            try header.send("GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "h", count: 8000))\r\n\r\n")
            let tooLarge = try header.readResponse()
            #expect(tooLarge.status == 431)
            #expect(Self.options(tooLarge) == ["nosniff"])

            let body = try RawClient(port: server.port)
            try body.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(2 << 20)\r\n\r\n")
            let bodyTooLarge = try body.readResponse()
            #expect(bodyTooLarge.status == 413)
            #expect(Self.options(bodyTooLarge) == ["nosniff"])

            let slow = try RawClient(port: server.port)
            try slow.send("GET /healthz HTTP/1.1\r\n")
            let timedOut = try slow.readResponse()
            #expect(timedOut.status == 408)
            #expect(Self.options(timedOut) == ["nosniff"])
        }
    }

    @Test func refusalsAtTheLimitsSayNosniffOnce() throws {
        var configuration = StreamedResponseTests.configuration(maxStreams: 1)
        configuration.limits.maxConnections = 2
        try TestServer.with(configuration, router: Self.router()) { server in
            let streaming = try RawClient(port: server.port)
            try streaming.send(get("/stream"))
            _ = try streaming.readHead()
            let second = try RawClient(port: server.port)
            let streamRefused = try second.request("GET", "/stream")
            #expect(streamRefused.status == 503)
            #expect(Self.options(streamRefused) == ["nosniff"])
            // Two connections are open: a third is refused as it is accepted.
            let third = try RawClient(port: server.port)
            let connectionRefused = try third.readResponse()
            #expect(connectionRefused.status == 503)
            #expect(Self.options(connectionRefused) == ["nosniff"])
        }
    }
}
