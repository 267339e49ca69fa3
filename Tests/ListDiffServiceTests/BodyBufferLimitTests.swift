import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The server holds at most `maxBufferedBodyBytes` of request bodies at once: past it a
/// request gets 503 with `Retry-After` before its body is read, and its room comes back when
/// the request holding it is answered.
@Suite(.ownThreads) struct BodyBufferLimitTests {
    static let limits = HTTPLimits(maxBodyBytes: 4 << 20, maxBufferedBodyBytes: 1 << 20)

    @Test func aBodyPastTheLimitIsRefusedUntilRoomComesBack() throws {
        try TestService.with(limits: Self.limits) { (service: TestService) throws in
            let document = #"{"old": ["a"], "new": ["b"]}"#
            let padded = document + String(repeating: " ", count: 800_000 - document.utf8.count)
            let holder = try RawClient(port: service.server.port, receiveTimeout: 5)
            try holder.send(
                "POST /v1/diff HTTP/1.1\r\nHost: t\r\nContent-Length: \(padded.utf8.count)\r\n\r\n"
                    + String(padded.prefix(1000)))
            Thread.sleep(forTimeInterval: 0.2)
            let refused = try service.request(
                "POST", "/v1/diff", body: String(repeating: " ", count: 300_000) + document)
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.bodyText.contains("bytes of request bodies"))
            try holder.send(String(padded.dropFirst(1000)))
            #expect(try holder.readResponse().status == 200)
            #expect(
                try service.request("POST", "/v1/diff", body: String(repeating: " ", count: 300_000) + document).status
                    == 200)
        }
    }

    @Test func aChunkedBodyIsCountedAsItArrives() throws {
        try TestService.with(limits: Self.limits) { (service: TestService) throws in
            let client = try RawClient(port: service.server.port, receiveTimeout: 5)
            try client.send("POST /v1/diff HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: " ", count: 256 * 1024)
            for _ in 0..<5 {
                try? client.send(String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n")
            }
            let answer = try client.readResponse()
            #expect(answer.status == 503)
            #expect(answer.header("Retry-After") == "1")
            #expect(
                try service.request("POST", "/v1/diff", body: #"{"old": [], "new": ["x"]}"#).status == 200,
                "the refused body gave its room back")
        }
    }
}
