import Foundation
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Every `/v1` route over a store that answers after its call returned (``LaterAnsweringStore``),
/// as one across the network does: each answer reaches its request through a deferred response
/// (a stream's too), the same answers as the memory store gives at once; a store that stops
/// answering is refused at its deadline, and the server keeps serving.
@Suite(.ownThreads) struct DeferredStoreAnswerTests {
    final class Made: @unchecked Sendable {
        // Sendable argument: `store` is set once while the service starts, before tests read it.
        var store: LaterAnsweringStore?
    }

    @Test func everyRouteAnswersWhenTheStoreAnswersLater() throws {
        let made = Made()
        try TestService.with(store: LaterAnsweringStore.factory { made.store = $0 }) { service in
            let session = try service.newSession()
            #expect(!session.isEmpty)
            let path = "/v1/sessions/\(session)/snapshots/feed"
            let created = try service.request("PUT", path, body: #"{"items":["a","b"]}"#)
            #expect(created.status == 201, "\(created.bodyText)")
            #expect(created.header("Location") == path)
            let first = try #require(created.header("ETag")).replacingOccurrences(of: "\"", with: "")
            let refused = try service.request(
                "PUT", path, body: #"{"items":["b"]}"#, headers: [("If-Match", "\"\(first)x\"")])
            #expect(refused.status == 412, "\(refused.bodyText)")

            let read = try service.request("GET", path)
            #expect(read.status == 200 && read.bodyText.contains(#""a""#), "\(read.bodyText)")
            #expect(try service.request("GET", path, headers: [("If-None-Match", "\"\(first)\"")]).status == 304)
            #expect(try service.request("GET", path + "?subtree=zz").status == 404)
            #expect(try service.request("GET", "/v1/sessions/\(session)").status == 200)

            let stream = try EventStreamClient(port: service.server.port, target: path + "/events")
            #expect(stream.head.status == 200)
            #expect(try stream.next().event == "snapshot")
            let poller = try service.longPoll(path, since: first, wait: 10)
            let second = try service.request("PUT", path, body: #"{"items":["a","b","c"]}"#)
            #expect(second.status == 200, "\(second.bodyText)")
            let polled = try poller.readResponse()
            #expect(polled.status == 200 && polled.bodyText.contains(#""inserts":[2]"#), "\(polled.bodyText)")
            let event = try stream.next()
            #expect(event.event == "changes" && event.data.contains(#""inserts":[2]"#), "\(event)")
            let changes = try service.request("GET", path + "/changes?since=\(first)")
            #expect(changes.status == 200 && changes.bodyText.contains(#""inserts":[2]"#), "\(changes.bodyText)")

            let applied = try service.request(
                "POST", path + "/operations", body: #"{"operations": [{"op": "deleteItems", "items": ["a"]}]}"#)
            #expect(applied.status == 200, "\(applied.bodyText)")
            #expect(try service.request("DELETE", path).status == 204)
            #expect(try service.request("GET", path).status == 404)
            #expect(try service.request("DELETE", "/v1/sessions/\(session)").status == 204)
            #expect(try service.request("GET", "/v1/sessions/\(session)").status == 404)
            #expect((made.store?.answeredLater ?? 0) >= 15, "the answers came later")
        }
    }

    @Test func aStoreThatStopsAnsweringIsRefusedAtItsDeadline() throws {
        let made = Made()
        var configuration = ServiceConfiguration()
        configuration.store.callTimeout = 0.3
        try TestService.with(configuration, store: LaterAnsweringStore.factory { made.store = $0 }) { service in
            let path = "/v1/sessions/s/snapshots/feed"
            #expect(try service.request("PUT", path, body: #"{"items":["a"]}"#).status == 201)
            made.store?.hang()
            let started = ContinuousClock.now
            let refused = try service.request("PUT", path, body: #"{"items":["b"]}"#)
            let waited = started.duration(to: .now)
            #expect(refused.status == 503, "\(refused.bodyText)")
            #expect(refused.bodyText.contains("did not answer within 0.3 s"), "\(refused.bodyText)")
            // The deadline, and the half-second backstop past it the transport waits for a late answer.
            #expect(waited < .seconds(0.3 + 0.5 + 0.5), "\(waited)")
            #expect(try service.request("GET", "/healthz").status == 200)
        }
    }
}
