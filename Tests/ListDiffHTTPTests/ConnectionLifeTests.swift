import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffHTTP

/// The moves of a connection's state that only an answer given later exercises: the rules
/// the cheap, inline path shows elsewhere hold while a worker or a deferred response answers.
@Suite(.ownThreads) struct ConnectionLifeTests {
    /// A request after one that asked to close is never answered, even when the closing
    /// answer comes from a worker or a deferred response.
    @Test(arguments: [("/slow?ms=50", "slept 50\n"), ("/later?ms=50", "later 50\n")])
    func noRequestIsAnsweredAfterALaterAnswerThatCloses(path: String, body: String) throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            try client.send(get(path, extraHeaders: "Connection: close\r\n") + get("/healthz"))
            let response = try client.readResponse()
            #expect(response.bodyText == body)
            #expect(response.header("Connection") == "close")
            #expect(client.readsEOF())
        }
    }

    /// A client that ends its input while its answer is awaited has left: the waiter is
    /// cancelled and the connection closed without an answer (while requests it sent before
    /// ending its input on a connection not awaiting are all answered:
    /// `TransportDefectTests.pipelinedRequestsBeforeEOFAreAllAnswered`).
    @Test(arguments: ["/hold", "/hold-heavy"])
    func endingInputWhileAnAnswerIsAwaitedAbandonsIt(path: String) throws {
        let registry = WaiterRegistry()
        try TestServer.with(router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get(path))
            #expect(registry.waitUntil(count: 1))
            client.shutdownWriting()
            #expect(client.readsEOF())
            registry.expectCancelledAndForgotten(by: server)
        }
    }
}
