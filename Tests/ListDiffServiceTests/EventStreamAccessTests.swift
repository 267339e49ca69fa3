import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Who may open an event stream: a key or a token in `Authorization`, or — on this route only,
/// for a browser's `EventSource`, which cannot send headers — a token (never an API key) as
/// `access_token` in the query.
@Suite(.ownThreads) struct EventStreamAccessTests {
    typealias F = TokenFixtures
    static let snapshot = "/v1/sessions/user-42-a/snapshots/feed"

    @Test func aTokenInTheQueryOpensAStreamAndNothingElse() throws {
        try TestService.with(F.configuration) { service in
            #expect(try service.request("PUT", Self.snapshot, body: #"["a"]"#, headers: F.alpha).status == 201)
            let token = try F.tokenA()
            // Events come within a second or two; the timeout is for a run with every suite beside it.
            let stream = try EventStreamClient(
                port: service.server.port, target: Self.snapshot + "/events?access_token=\(token)", receiveTimeout: 15)
            #expect(stream.head.status == 200)
            #expect(try stream.next().event == "snapshot")
            // Headers still work on the stream, a key or a token.
            let keyed = try EventStreamClient(
                port: service.server.port, target: Self.snapshot + "/events", headers: F.alpha)
            #expect(try keyed.next().event == "snapshot")
            // Any other route refuses a token in the query, saying where it is taken.
            let elsewhere = try service.request("GET", Self.snapshot + "?access_token=\(token)")
            #expect(elsewhere.status == 400)
            #expect(elsewhere.header("WWW-Authenticate") == #"Bearer realm="listdiff", error="invalid_request""#)
            #expect(elsewhere.bodyText.contains("events route only"))
        }
    }

    @Test func theQueryTakesATokenNeverAKeyAndNeverBoth() throws {
        try TestService.with(F.configuration) { service in
            #expect(try service.request("PUT", Self.snapshot, body: #"["a"]"#, headers: F.alpha).status == 201)
            let key = try service.request("GET", Self.snapshot + "/events?access_token=alpha-key")
            #expect(key.status == 401)
            #expect(key.bodyText.contains("never an API key"))
            let token = try F.tokenA()
            let both = try service.request(
                "GET", Self.snapshot + "/events?access_token=\(token)", headers: F.bearer(token))
            #expect(both.status == 400)
            #expect(both.header("WWW-Authenticate") == #"Bearer realm="listdiff", error="invalid_request""#)
            #expect(try both.json()["type"] as? String == "urn:listdiff:problem:invalid-authorization")
            // A token for other sessions gets the 404 a missing session gets.
            let other = try F.tokenA(sessions: #""user-7-*""#)
            #expect(try service.request("GET", Self.snapshot + "/events?access_token=\(other)").status == 404)
            let expired = try TokenMinter.mint(
                kid: "a-hs", secret: F.secretA,
                #""exp": \#(TokenMinter.now - 300), "aud": "\#(F.audience)", "sessions": ["*"], "scope": "read""#)
            #expect(try service.request("GET", Self.snapshot + "/events?access_token=\(expired)").status == 401)
        }
    }

    /// A stream lives no longer than its token: when the token stops being accepted (its `exp`
    /// plus the leeway) the stream ends with a `reconnect` event naming `token-expired`, and no
    /// write after that reaches it.
    @Test func aStreamEndsWhenItsTokenExpires() throws {
        var configuration = F.configuration
        configuration.tokens.leewaySeconds = 0
        try TestService.with(configuration) { service in
            #expect(try service.request("PUT", Self.snapshot, body: #"["a"]"#, headers: F.alpha).status == 201)
            let expiry = TokenMinter.now + 2
            let token = try TokenMinter.mint(
                kid: "a-hs", secret: F.secretA,
                #""exp": \#(expiry), "aud": "\#(F.audience)", "sessions": ["*"], "scope": "read""#)
            // Events come within a second or two; the timeout is for a run with every suite beside it.
            let stream = try EventStreamClient(
                port: service.server.port, target: Self.snapshot + "/events?access_token=\(token)", receiveTimeout: 15)
            #expect(try stream.next().event == "snapshot")
            #expect(try service.request("PUT", Self.snapshot, body: #"["a","b"]"#, headers: F.alpha).status == 200)
            #expect(try stream.next().event == "changes", "a write while the token holds reaches the stream")
            let last = try stream.next()
            #expect(last.event == "reconnect")
            #expect(last.data.contains("token-expired"))
            #expect(Date().timeIntervalSince1970 >= Double(expiry) - 0.05, "ended at the expiry, not before")
            #expect(try service.request("PUT", Self.snapshot, body: #"["a","b","c"]"#, headers: F.alpha).status == 200)
            #expect(throws: (any Error).self, "the stream ended: nothing more comes") { try stream.next() }
        }
    }
}
