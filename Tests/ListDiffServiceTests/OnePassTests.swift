import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// A `/v1` request is routed and its caller checked once: on its head when a body follows
/// (before the body is read), and that check is the one its handler runs with.
@Suite(.ownThreads) struct OnePassTests {
    typealias F = TokenFixtures

    @Test func aTokenIsLookedAtOnceWhenItsBodyWaitsForOneHundredContinue() throws {
        try TestService.with(F.configuration) { (service: TestService) throws in
            let token = try F.tokenA(scope: "write")
            let client = try service.client()
            let body = #"["a"]"#
            try client.send(
                "PUT /v1/sessions/user-42-a/snapshots/x HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
            )
            #expect(try client.readResponse().status == 100)
            try client.send(body)
            #expect(try client.readResponse().status == 201)
            let metrics = try service.request("GET", "/metrics").bodyText
            #expect(metrics.contains(#"listdiff_token_verifications_total{outcome="valid"} 1"#))
            #expect(
                !metrics.contains(#"listdiff_token_verifications_total{outcome="cached"} 1"#),
                "verified once on the head, not looked up again around the handler")
        }
    }
}
