import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// A stream's time limit (``HTTPResponseStream/end(at:lastWords:)``) over real sockets: the last
/// words at the time, then the end of the body; a stream that ended first releases what its last
/// words held at once, long before the time.
@Suite(.ownThreads) struct StreamTimeLimitTests {
    /// What a stream's last words hold, to see when it is released.
    final class Held: Sendable {}

    final class Weak: @unchecked Sendable {
        // Sendable argument: `held` is only touched while holding `lock`.
        private let lock = NSLock()
        private weak var held: Held?

        func watch(_ held: Held) { lock.withLock { self.held = held } }
        var isReleased: Bool { lock.withLock { held == nil } }
    }

    /// `GET /limited?in=<seconds>`: a stream that says `last\n` and ends `in` seconds after it opened.
    static func router(watching weak: Weak) -> Router {
        var router = Router()
        router.add(
            "GET", "/limited",
            HTTPHandler(deferring: { request in
                let seconds = request.queryValue("in").flatMap(Double.init) ?? 1
                let stream = HTTPResponseStream(
                    head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]),
                    heartbeat: nil, farewell: [])
                let held = Held()
                weak.watch(held)
                stream.send(Array("first\n".utf8))
                stream.end(at: Date().timeIntervalSince1970 + seconds) { [held] in
                    withExtendedLifetime(held) { _ = stream.send(Array("last\n".utf8)) }
                }
                return .stream(stream)
            }))
        return router
    }

    @Test func theLastWordsGoOutAtTheTimeThenTheBodyEnds() throws {
        let weak = Weak()
        try TestServer.with(router: Self.router(watching: weak)) { server in
            let client = try RawClient(port: server.port)
            let started = Date()
            try client.send(get("/limited?in=0.3"))
            #expect(try client.readHead().status == 200)
            #expect(try client.readChunk() == Array("first\n".utf8))
            #expect(try client.readChunk() == Array("last\n".utf8))
            let seconds = Date().timeIntervalSince(started)
            #expect(seconds >= 0.28 && seconds < 1, "ended \(seconds) s after it opened, its limit 0.3 s")
            #expect(try client.readChunk() == nil, "the body ends after the last words")
            #expect(client.readsEOF())
        }
    }

    /// A stream whose client leaves an hour before its time limit holds nothing of its
    /// application from then on (the limit's timer is the loop's, naming the connection), and
    /// the server counts no open stream.
    @Test func aStreamEndedBeforeItsTimeLimitReleasesItsLastWordsAtOnce() throws {
        let weak = Weak()
        try TestServer.with(router: Self.router(watching: weak)) { server in
            do {
                let client = try RawClient(port: server.port)
                try client.send(get("/limited?in=3600"))
                #expect(try client.readHead().status == 200)
                #expect(try client.readChunk() == Array("first\n".utf8))
                #expect(!weak.isReleased, "held while the stream is open")
            }
            let deadline = Date().addingTimeInterval(2)
            while !weak.isReleased && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            #expect(weak.isReleased, "released when the client left, not at the time limit")
            #expect(statistics(of: server) { $0.openStreams == 0 }.openStreams == 0)
        }
    }
}
