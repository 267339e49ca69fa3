import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// What a request may cost before it is known to be welcome: the API key is checked on the
/// head, so a missing or wrong key never gets `100 Continue` and its body is never buffered;
/// a refusal is still delivered to a client that writes its whole body before reading.
@Suite(.ownThreads) struct RequestAdmissionTests {
    static let keys = ServiceConfiguration(apiKeys: ["alpha-key"])

    @Test(arguments: [nil, "Bearer wrong-key"] as [String?])
    func aBadKeyIsRefusedBeforeOneHundredContinue(authorization: String?) throws {
        try TestService.with(Self.keys) { (service: TestService) throws in
            let client = try RawClient(port: service.server.port, receiveTimeout: 1.5)
            let key = authorization.map { "Authorization: \($0)\r\n" } ?? ""
            try client.send(
                "PUT /v1/sessions/s/snapshots/x HTTP/1.1\r\nHost: t\r\n\(key)Content-Length: 4000000\r\nExpect: 100-continue\r\n\r\n"
            )
            let answer = try client.readResponse()
            #expect(answer.status == 401)
            #expect(answer.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(answer.header("Connection") == "close")
            #expect(client.readsEOF())
        }
    }

    @Test func aBadKeyIsRefusedOnTheHeadWithoutWaitingForTheBody() throws {
        try TestService.with(Self.keys) { (service: TestService) throws in
            let client = try RawClient(port: service.server.port, receiveTimeout: 1.5)
            try client.send(
                "POST /v1/diff HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer nope\r\nContent-Length: 4000000\r\n\r\n{\"old\": ["
            )
            let answer = try client.readResponse()
            #expect(answer.status == 401)
            #expect(client.readsEOF())
        }
    }

    @Test func aGoodKeyStillGetsOneHundredContinue() throws {
        try TestService.with(Self.keys) { (service: TestService) throws in
            let client = try RawClient(port: service.server.port, receiveTimeout: 5)
            let body = #"{"old": ["a"], "new": ["b"]}"#
            try client.send(
                "POST /v1/diff HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer alpha-key\r\nContent-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
            )
            #expect(try client.readResponse().status == 100)
            try client.send(body)
            #expect(try client.readResponse().status == 200)
        }
    }

    /// A client that writes its whole body before reading (Python's `http.client`) still reads
    /// the 413: the server discards a bounded amount before it closes.
    @Test func anEarlyRefusalIsReadByAClientThatSendsItsWholeBodyFirst() throws {
        try TestService.with { (service: TestService) throws in
            let client = try RawClient(port: service.server.port, receiveTimeout: 5)
            let size = 7_800_000 // over the 4 MiB limit, and far more than socket buffers hold
            try client.send("PUT /v1/sessions/s/snapshots/x HTTP/1.1\r\nHost: t\r\nContent-Length: \(size)\r\n\r\n")
            try client.send([UInt8](repeating: UInt8(ascii: " "), count: size))
            let answer = try client.readResponse()
            #expect(answer.status == 413)
        }
    }

    @Test func aRefusalAtTheConnectionLimitSaysWhenToRetry() throws {
        try TestService.with(limits: HTTPLimits(maxConnections: 1)) { (service: TestService) throws in
            let holder = try service.client()
            #expect(try holder.request("GET", "/readyz").status == 200)
            let refused = try RawClient(port: service.server.port, receiveTimeout: 5)
            try refused.send("GET /v1/sessions/s HTTP/1.1\r\nHost: t\r\n\r\n")
            let answer = try refused.readResponse()
            #expect(answer.status == 503)
            #expect(Int(answer.header("Retry-After") ?? "") ?? 0 >= 1)
        }
    }
}
