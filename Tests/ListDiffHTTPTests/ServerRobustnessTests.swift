import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffHTTP

@Suite(.ownThreads) struct ServerRobustnessTests {
    @Test func slowlorisHeaderIsCutOffByTheHeaderTimeout() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            let started = ContinuousClock.now
            var answered: RawClient.Response?
            for byte in "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ".utf8
                + Array(repeating: UInt8(ascii: "a"), count: 200)
            {
                guard (try? client.send([byte])) != nil else { break }
                Thread.sleep(forTimeInterval: 0.02)
                if ContinuousClock.now - started > .seconds(1) { break }
            }
            answered = try? client.readResponse()
            #expect(answered?.status == 408)
            #expect(ContinuousClock.now - started < .seconds(2))
            #expect(client.readsEOF())
            let other = try RawClient(port: server.port)
            try other.send(get("/healthz"))
            #expect(try other.readResponse().status == 200)
        }
    }

    @Test func oversizedHeaderRequestLineAndBody() throws {
        try TestServer.with { server in
            let header = try RawClient(port: server.port)
            try header.send("GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "h", count: 8000))\r\n\r\n")
            #expect(try header.readResponse().status == 431)

            let line = try RawClient(port: server.port)
            try line.send("GET /\(String(repeating: "l", count: 2000)) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try line.readResponse().status == 414)

            let body = try RawClient(port: server.port)
            try body.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(2 << 20)\r\n\r\n")
            try? body.send([UInt8](repeating: 1, count: 100_000))
            let response = try body.readResponse()
            #expect(response.status == 413)
            #expect(response.bodyText.contains("Content-Length"))
        }
    }

    @Test func garbageGets400AndTheServerKeepsServing() throws {
        try TestServer.with { server in
            let garbage = try RawClient(port: server.port)
            try garbage.send([0x16, 0x03, 0x01, 0x00, 0xff, 0x00, 0x0d, 0x0a, 0x0d, 0x0a, 0x80, 0x81])
            #expect(try garbage.readResponse().status == 400)
            #expect(garbage.readsEOF())
            let other = try RawClient(port: server.port)
            try other.send(get("/healthz"))
            #expect(try other.readResponse().status == 200)
        }
    }

    @Test func clientDisconnectingMidBodyLeavesTheServerHealthy() throws {
        try TestServer.with { server in
            for _ in 0..<20 {
                let quitter = try RawClient(port: server.port)
                try quitter.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\npartial")
            }
            let stalled = try RawClient(port: server.port)
            try stalled.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try stalled.readResponse().status == 408)
            let other = try RawClient(port: server.port)
            try other.send(post("/echo", body: "still here"))
            #expect(try other.readResponse().bodyText == "still here")
        }
    }

    @Test func thousandConcurrentConnections() throws {
        // 1,000 client and 1,000 server sockets live in this one process.
        #if canImport(Glibc)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        getrlimit(resource, &limit)
        if limit.rlim_cur < 4096 {
            limit.rlim_cur = min(4096, limit.rlim_max)
            setrlimit(resource, &limit)
        }
        try TestServer.with { server in
            let clients = try (0..<1000).map { _ in try RawClient(port: server.port) }
            for (index, client) in clients.enumerated() { try client.send(post("/echo", body: "n\(index)")) }
            for (index, client) in clients.enumerated() {
                #expect(try client.readResponse().bodyText == "n\(index)")
            }
        }
    }

    @Test func connectionsBeyondTheLimitGet503AndTheServerRecovers() throws {
        var configuration = TestServer.configuration()
        configuration.limits.maxConnections = 4
        try TestServer.with(configuration) { server in
            let held = try (0..<8).map { _ in try RawClient(port: server.port) }
            var statuses: [Int] = []
            for client in held {
                try? client.send(get("/healthz"))
                statuses.append((try? client.readResponse().status) ?? 0)
            }
            #expect(statuses.contains(503))
            #expect(statuses.filter { $0 == 200 }.count >= 2)
        }
    }

    @Test func gracefulShutdownFinishesTheSlowRequestInFlight() throws {
        let server = HTTPServer(configuration: TestServer.configuration(), responder: TestServer.router())
        try server.start()
        let slow = try RawClient(port: server.port)
        try slow.send(get("/slow?ms=500"))
        let idle = try RawClient(port: server.port)
        try idle.send(get("/healthz"))
        #expect(try idle.readResponse().status == 200)
        Thread.sleep(forTimeInterval: 0.1)
        let started = ContinuousClock.now
        server.shutdown(gracePeriod: 3)
        #expect(idle.readsEOF())
        let response = try slow.readResponse()
        #expect(response.bodyText == "slept 500\n")
        #expect(response.header("Connection") == "close")
        server.waitUntilStopped()
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(throws: (any Error).self) { try RawClient(port: server.port) }
    }
}
