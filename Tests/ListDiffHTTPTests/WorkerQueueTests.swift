import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the transport tells a handler run on a worker about its place in line: when it was
/// queued, whether its client is still there, and a bounded queue's refusal.
@Suite(.ownThreads) struct WorkerQueueTests {
    /// What the `/presence` handler saw, per call.
    final class Seen: @unchecked Sendable {
        // Sendable argument: `calls` is only touched while holding `lock`.
        private let lock = NSLock()
        private var calls: [(clientGone: Bool, queuedSeconds: Double)] = []

        func add(_ call: (clientGone: Bool, queuedSeconds: Double)) { lock.withLock { calls.append(call) } }
        var all: [(clientGone: Bool, queuedSeconds: Double)] { lock.withLock { calls } }
    }

    static func router(seen: Seen, bound: HTTPQueueBound? = nil) -> Router {
        var router = TestServer.router()
        router.add("GET", "/presence", cost: .heavy, queueBound: bound) { request, _ in
            let waited = request.queuedAt.duration(to: .now).components
            seen.add((request.isClientGone, Double(waited.seconds) + Double(waited.attoseconds) * 1e-18))
            return .response(.text("here\n"))
        }
        return router
    }

    /// Holds both workers of the test server for `milliseconds`.
    static func holdWorkers(_ server: HTTPServer, milliseconds: Int) throws -> [RawClient] {
        let holders = try (0..<2).map { _ in try RawClient(port: server.port) }
        for holder in holders { try holder.send(get("/slow?ms=\(milliseconds)")) }
        usleep(100_000)
        return holders
    }

    @Test func aJobKnowsWhenItWasQueuedAndThatItsClientLeft() throws {
        let seen = Seen()
        try TestServer.with(router: Self.router(seen: seen)) { server in
            let holders = try Self.holdWorkers(server, milliseconds: 500)
            do {
                let leaving = try RawClient(port: server.port)
                try leaving.send(get("/presence"))
                usleep(50_000)
            }
            let staying = try RawClient(port: server.port)
            try staying.send(get("/presence"))
            for holder in holders { #expect(try holder.readResponse().status == 200) }
            #expect(try staying.readResponse().bodyText == "here\n")
            let calls = seen.all
            #expect(calls.count == 2)
            #expect(calls.map(\.clientGone) == [true, false], "the first client left, the second stayed")
            #expect(calls.allSatisfy { $0.queuedSeconds > 0.2 }, "both waited behind the held workers: \(calls)")
        }
    }

    @Test func aBoundedQueueRefusesAtOnceWhenFull() throws {
        let seen = Seen()
        let bound = HTTPQueueBound(limit: 1) { _ in
            var response = HTTPResponse.text("queue full\n", status: 503)
            response.headers.append(name: "Retry-After", value: "1")
            return response
        }
        try TestServer.with(router: Self.router(seen: seen, bound: bound)) { server in
            let holders = try Self.holdWorkers(server, milliseconds: 500)
            let queued = try RawClient(port: server.port)
            try queued.send(get("/presence"))
            usleep(50_000)
            let started = ContinuousClock.now
            let refused = try RawClient(port: server.port).request("GET", "/presence")
            #expect(ContinuousClock.now - started < .milliseconds(200), "refused at once")
            #expect(refused.status == 503 && refused.header("Retry-After") == "1" && refused.bodyText == "queue full\n")
            for holder in holders { #expect(try holder.readResponse().status == 200) }
            #expect(try queued.readResponse().status == 200, "the queued one still runs")
            #expect(seen.all.count == 1)
        }
    }
}
