import Dispatch
import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffHTTP

/// The defects found by probing the transport from outside, each over real sockets.
@Suite(.ownThreads) struct TransportDefectTests {
    /// 8 MiB in 16-byte chunks: each chunk used to reallocate and copy the whole body.
    @Test func smallChunkBodyOf8MiBIsReadInLinearTimeWhileTheLoopKeepsServing() throws {
        var configuration = TestServer.configuration(limits: HTTPLimits(maxBodyBytes: 16 << 20))
        configuration.eventLoopCount = 1
        configuration.timeouts.bodyRead = 10
        try TestServer.with(configuration) { server in
            let bodySize = 8 << 20
            var wire = Array("POST /inspect HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            wire.reserveCapacity(bodySize / 16 * 22 + 100)
            let chunk = Array("10\r\n0123456789abcdef\r\n".utf8)
            for _ in 0..<(bodySize / 16) { wire.append(contentsOf: chunk) }
            wire.append(contentsOf: "0\r\n\r\n".utf8)
            let upload = wire
            let uploader = try RawClient(port: server.port, receiveTimeout: 60)
            let sent = DispatchSemaphore(value: 0)
            let started = ContinuousClock.now
            Thread.detachNewThread {
                try? uploader.send(upload)
                sent.signal()
            }
            Thread.sleep(forTimeInterval: 0.2)
            let probe = try RawClient(port: server.port)
            let probeStarted = ContinuousClock.now
            try probe.send(get("/healthz"))
            #expect(try probe.readResponse().status == 200)
            let probeLatency = ContinuousClock.now - probeStarted
            sent.wait()
            let response = try uploader.readResponse()
            let elapsed = ContinuousClock.now - started
            print(
                "8 MiB in 16-byte chunks (debug build): answered in \(elapsed); /healthz meanwhile in \(probeLatency)")
            #expect(response.bodyText == "body=\(bodySize) trailer=-")
            // Quadratic copying took hours for this body; linear parsing takes seconds even
            // unoptimised. The release figure is measured by scripts, not here.
            #expect(elapsed < .seconds(30))
            #expect(probeLatency < .seconds(2))
        }
    }

    /// A request already buffered behind a response larger than the output high-water mark
    /// used to wait for more input that never came, then got 408.
    @Test func pipelinedGetBehindA2MBPostIsAnsweredAtOnce() throws {
        try TestServer.with(TestServer.configuration(limits: HTTPLimits(maxBodyBytes: 4 << 20))) { server in
            let client = try RawClient(port: server.port)
            let body = String(repeating: "p", count: 2 << 20)
            try client.send(post("/echo", body: body) + get("/healthz"))
            let first = try client.readResponse()
            #expect(first.status == 200)
            #expect(first.body.count == 2 << 20)
            let started = ContinuousClock.now
            let second = try client.readResponse()
            #expect(second.status == 200)
            #expect(second.bodyText == "ok\n")
            #expect(ContinuousClock.now - started < .milliseconds(400))
        }
    }

    /// Requests sent just before the client closes its side are still answered.
    @Test func pipelinedRequestsBeforeEOFAreAllAnswered() throws {
        try TestServer.with(TestServer.configuration(limits: HTTPLimits(maxBodyBytes: 4 << 20))) { server in
            let client = try RawClient(port: server.port)
            try client.send(post("/echo", body: String(repeating: "q", count: 1_500_000)) + get("/healthz"))
            client.shutdownWriting()
            #expect(try client.readResponse().body.count == 1_500_000)
            #expect(try client.readResponse().bodyText == "ok\n")
            #expect(client.readsEOF())
        }
    }

    /// One byte per 100 ms never pauses longer than the body timeout, but is far below the
    /// minimum rate: cut off with 408 while the client is still trickling.
    @Test func trickledBodyIsCutOffByTheMinimumRate() throws {
        var configuration = TestServer.configuration()
        configuration.timeouts.bodyRead = 0.5
        configuration.timeouts.minBodyRate = 100
        try TestServer.with(configuration) { server in
            let client = try RawClient(port: server.port)
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n")
            let started = ContinuousClock.now
            Thread.detachNewThread {
                for _ in 0..<40 {
                    guard (try? client.send("x")) != nil else { return }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(response.bodyText.contains("slower than 100 bytes/s"))
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    /// The write side's rule (a socket test cannot pace the server's writes: the kernel buffers
    /// megabytes and wakes the writer only when half of them drained).
    @Test func aTransferIsOverdueOnceSlowerThanTheMinimumRateAfterTheGrace() {
        let rate = MinimumRate(grace: 500_000_000, bytesPerSecond: 1000)
        #expect(rate.deadline(startedAt: 1_000, bytes: 0) == 500_001_000)
        #expect(rate.deadline(startedAt: 0, bytes: 2_000) == 2_500_000_000)
        // 1 byte every 29 s never pauses past a 30 s timeout, but is overdue after 30 s.
        let trickle = MinimumRate(grace: 30_000_000_000, bytesPerSecond: 1024)
        #expect(trickle.deadline(startedAt: 0, bytes: 2) < 31_000_000_000)
        #expect(
            MinimumRate(grace: 0, bytesPerSecond: 1).deadline(startedAt: 0, bytes: Int.max) == 1_000_000_000_000_000_000
        )
    }

    @Test func idleConnectionsHandTheirBuffersBack() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            let body = String(repeating: "b", count: 600_000)
            try client.send(post("/echo", body: body))
            #expect(try client.readResponse().body.count == 600_000)
            // Statistics and buffer release both happen on the loops' tick (125 ms here).
            Thread.sleep(forTimeInterval: 0.6)
            let statistics = server.statistics()
            #expect(statistics.openConnections == 1)
            #expect(statistics.bufferBytes == 0)
            try client.send(get("/healthz"))
            #expect(try client.readResponse().status == 200)
        }
    }

    /// `Expect: 100-continue` for a route that does not exist is answered 404 at once (the
    /// body is never asked for), not `100 Continue`.
    @Test func expectContinueOnAnUnknownRouteIsRefusedBeforeTheBody() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            try client.send("POST /nowhere HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 404)
            #expect(response.header("Connection") == "close")
            #expect(client.readsEOF())
        }
    }
}
