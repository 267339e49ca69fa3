import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffHTTP

@Suite(.ownThreads) struct ServerLargeResponseTests {
    /// A body above the copy limit goes out as its own chunk (gather write) and, to a client
    /// that reads late, through write-readiness events.
    @Test func largeEchoReachesASlowReaderIntact() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            let body = (0..<900_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try client.send(
                Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            Thread.sleep(forTimeInterval: 0.2)
            let response = try client.readResponse()
            #expect(response.body == body)
            try client.send(get("/healthz"))
            #expect(try client.readResponse().status == 200)
        }
    }
}
