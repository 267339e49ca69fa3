import Foundation
import ListDiffRedis
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The API over a Redis store, as `--store redis://…` runs it: two service instances sharing
/// one server, and the server going away and coming back.
@Suite(.ownThreads) struct RedisStoreServiceTests {
    static func redis(_ endpoint: RedisEndpoint) -> StoreFactory {
        StoreFactory(blocks: true) { limits, observers in
            let pool = RedisConnectionPool(
                endpoint: endpoint, size: 6, connectTimeout: 0.5, replyTimeout: 1, observeRoundTrip: observers.roundTrip
            )
            return RedisSnapshotStore(
                client: pool, limits: limits, differ: observers.differ, background: observers.background)
        }
    }

    @Test func twoInstancesServeOneSessionAndALongPollHeldByOneIsAnsweredByTheOther() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        try TestService.with(store: Self.redis(server.endpoint)) { first in
            try TestService.with(store: Self.redis(server.endpoint)) { second in
                let path = "/v1/sessions/shared/snapshots/feed"
                let created = try first.request("PUT", path, body: #"["a", "b"]"#)
                #expect(created.status == 201)
                let version = try #require(created.json()["to"] as? String)
                let read = try second.request("GET", path)
                #expect(read.status == 200 && read.header("ETag") == "\"\(version)\"")
                #expect(try second.request("GET", "/v1/sessions/shared").status == 200)
                // A long poll on the second instance, a write through the first.
                let poller = try second.client()
                try poller.send("GET \(path)/changes?since=\(version)&wait=10 HTTP/1.1\r\nHost: test\r\n\r\n")
                usleep(300_000)
                let written = try first.request(
                    "POST", path + "/operations", body: #"{"operations": [{"op": "appendItems", "items": ["c"]}]}"#)
                #expect(written.status == 200)
                let answer = try poller.readResponse()
                #expect(answer.status == 200)
                #expect(try answer.json()["from"] as? String == version)
                #expect(try answer.json()["to"] as? String == (try written.json()["to"] as? String))
                #expect(try first.request("GET", "/readyz").status == 200)
                let metrics = try first.request("GET", "/metrics").bodyText
                #expect(
                    metrics.contains("listdiff_store_round_trip_seconds_count")
                        && !metrics.contains("listdiff_store_round_trip_seconds_count 0\n"),
                    "round trips are timed")
            }
        }
    }

    /// Ready only once the store has answered: a service whose Redis is not there yet is 503 at
    /// `/readyz` from the start (not 200 until a call fails), its writes' 503s round their
    /// seconds (`retrying within 0.1 s`), and it is ready once the server answers.
    @Test func notReadyUntilTheStoreHasAnswered() throws {
        guard let binary = RedisServerProcess.binaries.first else { return }
        let port = try RedisServerProcess.freePort()
        try TestService.with(store: Self.redis(RedisEndpoint(host: "127.0.0.1", port: port))) { service in
            #expect(try service.request("GET", "/readyz").status == 503, "not ready before the store answered")
            for _ in 0..<3 {
                let refused = try service.request("PUT", "/v1/sessions/s/snapshots/feed", body: #"["a"]"#)
                let detail = try refused.json()["detail"] as? String ?? ""
                #expect(refused.status == 503 && refused.header("Retry-After") == "1", "\(detail)")
                #expect(
                    detail.range(of: #"[0-9]\.[0-9]{2,}"#, options: .regularExpression) == nil,
                    "seconds rounded to a tenth: \(detail)")
            }
            #expect(try service.request("GET", "/readyz").status == 503)
            let server = try RedisServerProcess(binary: binary, port: port)
            #expect(try RedisErrorReplyServiceTests.waitUntilReady(service, within: 5), "ready once it answers")
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/feed", body: #"["a"]"#).status == 201)
            withExtendedLifetime(server) {}
        }
    }

    @Test func aStoreThatDoesNotAnswerIs503AndNotReadyUntilItIsBack() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        try TestService.with(store: Self.redis(server.endpoint)) { service in
            let path = "/v1/sessions/s/snapshots/feed"
            #expect(try service.request("PUT", path, body: #"["a"]"#).status == 201)
            server.stop()
            let refused = try service.request("PUT", path, body: #"["a", "b"]"#)
            #expect(refused.status == 503)
            #expect(try refused.json()["type"] as? String == "urn:listdiff:problem:store-unavailable")
            #expect(refused.header("Retry-After") == "1")
            #expect(try service.request("GET", "/readyz").status == 503)
            let restarted = try RedisServerProcess(binary: server.binary, port: server.port)
            var ready = false
            let deadline = Date(timeIntervalSinceNow: 5)
            while !ready, Date() < deadline {
                ready = try service.request("GET", "/readyz").status == 200
                if !ready { usleep(100_000) }
            }
            #expect(ready, "ready again once the store answers")
            // The server came back empty (no persistence in the test): the session is new.
            #expect(try service.request("PUT", path, body: #"["a", "b"]"#).status == 201)
            withExtendedLifetime(restarted) {}
        }
    }
}
