import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffHTTP

@Suite(.ownThreads) struct ServerProtocolTests {
    @Test func keepAliveReusesOneConnection() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            for _ in 0..<5 {
                try client.send(get("/healthz"))
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.bodyText == "ok\n")
                #expect(response.header("Connection") == nil)
                #expect(response.header("Date")?.hasSuffix("GMT") == true)
            }
        }
    }

    @Test func threePipelinedRequestsInOneWriteAnswerInOrder() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/slow?ms=100") + post("/echo", body: "second") + get("/inspect?n=3"))
            #expect(try client.readResponse().bodyText == "slept 100\n")
            #expect(try client.readResponse().bodyText == "second")
            #expect(try client.readResponse().bodyText.hasPrefix("path=/inspect query=n=3"))
        }
    }

    @Test func bodySizedHandlersRunInlineForSmallBodiesAndOnWorkersForLargeOnes() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/thread"))
            let loop = try client.readResponse().bodyText
            try client.send(post("/thread", body: "small"))
            #expect(try client.readResponse().bodyText == loop)
            try client.send(post("/thread", body: String(repeating: "large", count: 10)))
            #expect(try client.readResponse().bodyText != loop)
        }
    }

    @Test func chunkedBodyWithTrailer() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            try client.send("POST /inspect HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n")
            try client.send("a\r\n0123456789\r\n0\r\nX-Checksum: 7\r\n\r\n")
            #expect(try client.readResponse().bodyText == "body=14 trailer=7")
        }
    }

    @Test func expectContinueWith200KilobytesIsAnsweredWithoutWaiting() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            let body = [UInt8](repeating: UInt8(ascii: "z"), count: 200 * 1024)
            let started = ContinuousClock.now
            try client.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: \(body.count)\r\n\r\n")
            let interim = try client.readResponse()
            #expect(interim.status == 100)
            try client.send(body)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.body == body)
            // curl would wait a whole second for a 100 Continue that never came.
            #expect(ContinuousClock.now - started < .milliseconds(900))
        }
    }

    @Test func expectContinueWithTooLargeBodyIsRefusedAtOnce() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            try client.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: \(2 << 20)\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.header("Connection") == "close")
        }
    }

    @Test func headAndHTTP10() throws {
        try TestServer.with { server in
            let head = try RawClient(port: server.port)
            try head.send("HEAD /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try head.readResponse(isHead: true)
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "3")
            try head.send(get("/healthz"))
            #expect(try head.readResponse().bodyText == "ok\n")

            let old = try RawClient(port: server.port)
            try old.send("GET /healthz HTTP/1.0\r\n\r\n")
            #expect(try old.readResponse().header("Connection") == "close")
            #expect(old.readsEOF())

            let oldKeepAlive = try RawClient(port: server.port)
            try oldKeepAlive.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try oldKeepAlive.readResponse().header("Connection") == "keep-alive")
            try oldKeepAlive.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try oldKeepAlive.readResponse().status == 200)
        }
    }

    @Test func connectionCloseIsHonoured() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/healthz", extraHeaders: "Connection: close\r\n") + get("/healthz"))
            let response = try client.readResponse()
            #expect(response.header("Connection") == "close")
            #expect(client.readsEOF())
        }
    }

    @Test func heavyHandlerDoesNotStallCheapRequestsOnTheSameLoop() throws {
        var configuration = TestServer.configuration()
        configuration.eventLoopCount = 1
        try TestServer.with(configuration) { server in
            let slow = try RawClient(port: server.port)
            try slow.send(get("/slow?ms=600"))
            Thread.sleep(forTimeInterval: 0.05)
            let fast = try RawClient(port: server.port)
            let started = ContinuousClock.now
            try fast.send(get("/healthz"))
            #expect(try fast.readResponse().status == 200)
            #expect(ContinuousClock.now - started < .milliseconds(400))
            #expect(try slow.readResponse().bodyText == "slept 600\n")
        }
    }

    @Test func transportErrorsAreProblemJSON() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            try client.send("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/problem+json")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(object?["type"] as? String == "about:blank")
            #expect(object?["title"] as? String == "Bad Request")
            #expect(object?["status"] as? Int == 400)
            #expect((object?["detail"] as? String)?.contains("Content-Length") == true)
        }
    }
}
