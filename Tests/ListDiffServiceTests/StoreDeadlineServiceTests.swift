import Foundation
import ListDiffHTTP
import ListDiffRedis
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// A Redis that stops answering (`SIGSTOP`), over HTTP: every store call has its deadline
/// (`--store-timeout`), counted from when it was queued, or a long poll's from its wake; a
/// full queue is refused at once; a request whose client has gone is not run; no store call
/// of an answered request starts once Redis is back.
@Suite(.serialized, .ownThreads) struct StoreDeadlineServiceTests {
    static let path = "/v1/sessions/s/snapshots/feed"

    static func configuration(timeout: Double, queueLimit: Int = 1024) -> ServiceConfiguration {
        var configuration = ServiceConfiguration()
        configuration.store.callTimeout = timeout
        configuration.maxQueuedStoreCalls = queueLimit
        return configuration
    }

    /// `count` requests sent at once, each on its own connection and thread: each one's answer
    /// and the seconds it took.
    static func concurrently(
        _ count: Int, _ service: TestService, _ request: @escaping @Sendable (Int) -> (String, String, String?)
    ) -> [(response: RawClient.Response?, seconds: Double)] {
        let results = Results(count)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                let (method, target, body) = request(index)
                let started = Date()
                let response = try? service.request(method, target, body: body)
                results.set(index, (response, Date().timeIntervalSince(started)))
                group.leave()
            }
        }
        group.wait()
        return results.all
    }

    final class Results: @unchecked Sendable {
        // Sendable argument: `values` is only touched while holding `lock`.
        private let lock = NSLock()
        private var values: [(response: RawClient.Response?, seconds: Double)]

        init(_ count: Int) { values = Array(repeating: (nil, 0), count: count) }

        func set(_ index: Int, _ value: (response: RawClient.Response?, seconds: Double)) {
            lock.withLock { values[index] = value }
        }

        var all: [(response: RawClient.Response?, seconds: Double)] { lock.withLock { values } }
    }

    static func expectRefused(
        _ response: RawClient.Response?, _ what: String, saying words: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let response else {
            Issue.record("\(what): no answer", sourceLocation: sourceLocation)
            return
        }
        #expect(
            response.status == 503 && response.header("Retry-After") == "1",
            "\(what): \(response.status) \(response.bodyText)", sourceLocation: sourceLocation)
        let detail = (try? response.json()["detail"] as? String) ?? ""
        #expect(detail.contains(words), "\(what): \(detail)", sourceLocation: sourceLocation)
    }

    /// The commands `server` has run that read or write data (`INFO commandstats`): every one
    /// but the probes' `PING`, `INFO` and the subscriber's.
    static func dataCommandCalls(_ server: RedisServerProcess) throws -> Int {
        let connection = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
        let stats = try connection.call(RESPCommand("INFO", "commandstats")).string ?? ""
        let ignored: Set = ["ping", "info", "subscribe", "psubscribe", "hello", "client", "config", "command"]
        return stats.split(separator: "\r\n").reduce(0) { total, line in
            guard line.hasPrefix("cmdstat_"), let colon = line.firstIndex(of: ":"),
                !ignored.contains(String(line[line.index(line.startIndex, offsetBy: 8)..<colon])),
                let calls = line.split(separator: ",").first?.split(separator: "=").last.flatMap({ Int($0) })
            else { return total }
            return total + calls
        }
    }

    /// Redis stopped, 40 clients at once with a 0.5 s deadline (2 workers): every one answered
    /// 503 with `Retry-After` within the deadline plus 0.5 s; once Redis is back, no call of
    /// theirs starts (Redis's own count of commands stays put), and the service serves again.
    @Test func aStoppedRedisIsAnsweredWithinTheDeadlineAndNothingRunsAfterTheAnswers() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        try TestService.with(Self.configuration(timeout: 0.5), store: RedisStoreServiceTests.redis(server.endpoint)) {
            service in
            let created = try service.request("PUT", Self.path, body: #"["a", "b"]"#)
            let version = try #require(created.json()["to"] as? String)
            server.suspend()
            defer { server.resume() }
            let answers = Self.concurrently(40, service) { index in
                switch index % 4 {
                case 0: ("GET", Self.path, nil)
                case 1: ("PUT", Self.path, #"["a", "b", "\#(index)"]"#)
                case 2: ("GET", Self.path + "/changes?since=\(version)", nil)
                default:
                    (
                        "POST", Self.path + "/operations",
                        #"{"operations": [{"op": "appendItems", "items": ["x\#(index)"]}]}"#
                    )
                }
            }
            for (index, answer) in answers.enumerated() {
                Self.expectRefused(answer.response, "request \(index)", saying: "did not answer within 0.5 s")
                #expect(answer.seconds < 1.0, "request \(index) answered after \(answer.seconds) s")
            }
            print("slowest of 40 answers with Redis stopped: \(answers.map(\.seconds).max() ?? 0) s")
            server.resume()
            // What was sent before the answers (a call in flight when Redis stopped: at most one
            // per worker) runs as soon as Redis goes on, and cannot be called back; nothing may
            // start after that. Counted by Redis, leaving out the readiness probe's PING (it
            // asks again once a call failed) and what counting sends.
            Thread.sleep(forTimeInterval: 0.3)
            let callsAtResume = try Self.dataCommandCalls(server)
            Thread.sleep(forTimeInterval: 1)
            #expect(
                try Self.dataCommandCalls(server) == callsAtResume,
                "no store call of an answered request started once Redis was back")
            let read = try service.request("GET", Self.path)
            #expect(read.status == 200, "the service serves again: \(read.status) \(read.bodyText)")
        }
    }

    /// With 2 calls waiting for the 2 workers (both held by a stopped Redis), one more is
    /// refused at once, naming the limit. (Session listings: a snapshot's read goes through the
    /// pipeline and holds no worker.)
    @Test func aFullQueueOfStoreCallsIsRefusedAtOnce() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        try TestService.with(
            Self.configuration(timeout: 2, queueLimit: 2), store: RedisStoreServiceTests.redis(server.endpoint)
        ) { service in
            #expect(try service.request("PUT", Self.path, body: #"["a"]"#).status == 201)
            server.suspend()
            defer { server.resume() }
            var held: [RawClient] = []
            for _ in 0..<4 {
                let client = try service.client()
                try client.send("GET /v1/sessions/s HTTP/1.1\r\nHost: t\r\n\r\n")
                held.append(client)
                Thread.sleep(forTimeInterval: 0.05)
            }
            let started = Date()
            let refused = try service.request("GET", "/v1/sessions/s")
            #expect(Date().timeIntervalSince(started) < 0.3, "refused at once")
            Self.expectRefused(
                refused, "one more call", saying: "too many requests are waiting for the snapshot store (limit 2)")
            server.resume()
            for client in held { #expect(try client.readResponse().status == 200, "the queued calls run") }
        }
    }

    /// A PUT whose client closed its connection while the PUT waited for a worker is not run.
    @Test func aRequestWhoseClientHasGoneIsNotRun() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        try TestService.with(Self.configuration(timeout: 3), store: RedisStoreServiceTests.redis(server.endpoint)) {
            service in
            #expect(try service.request("PUT", Self.path, body: #"["a"]"#).status == 201)
            server.suspend()
            defer { server.resume() }
            // Both workers wait on the stopped Redis (a session's listing blocks its worker).
            let holders = try (0..<2).map { _ in try service.client() }
            for holder in holders { try holder.send("GET /v1/sessions/s HTTP/1.1\r\nHost: t\r\n\r\n") }
            Thread.sleep(forTimeInterval: 0.1)
            do {
                let leaving = try service.client()
                let body = #"["gone"]"#
                try leaving.send(
                    "PUT /v1/sessions/s/snapshots/left HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                )
                Thread.sleep(forTimeInterval: 0.1)
            }
            Thread.sleep(forTimeInterval: 0.2)
            server.resume()
            for holder in holders { #expect(try holder.readResponse().status == 200) }
            Thread.sleep(forTimeInterval: 0.3)
            let left = try service.request("GET", "/v1/sessions/s/snapshots/left")
            #expect(left.status == 404, "the PUT of a client that left was not run: \(left.status) \(left.bodyText)")
        }
    }

    /// A long poll whose wait ends while Redis is stopped is answered 503 within the deadline
    /// counted from that wake, not from the request's arrival, nor after Redis's own timeout.
    /// (On a server that may evict, so that the wake asks Redis: under `noeviction` the
    /// instance answers "nothing since yours" from the version it knows — true while Redis is
    /// stopped, as no write can commit.)
    @Test func aLongPollsWakeWithTheStoreHungIsAnsweredWithinTheDeadlineFromTheWake() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        _ = try RedisErrorReplyServiceTests.admin(server).call(
            RESPCommand("CONFIG", "SET", "maxmemory-policy", "allkeys-lru"))
        try TestService.with(Self.configuration(timeout: 0.5), store: RedisStoreServiceTests.redis(server.endpoint)) {
            service in
            let created = try service.request("PUT", Self.path, body: #"["a"]"#)
            let version = try #require(created.json()["to"] as? String)
            let started = Date()
            let poller = try service.longPoll(Self.path, since: version, wait: 1)
            Thread.sleep(forTimeInterval: 0.3)
            server.suspend()
            defer { server.resume() }
            let answer = try poller.readResponse()
            let seconds = Date().timeIntervalSince(started)
            Self.expectRefused(answer, "the long poll", saying: "did not answer within 0.5 s")
            #expect(seconds >= 1 && seconds < 2, "answered \(seconds) s after the request, its wait 1 s")
        }
    }
}
