import Foundation
import ListDiffHTTP
import ListDiffTestSupport

/// Keeps the streams that `GET /stream` (cheap handler) and `GET /stream-heavy` (run on a
/// worker, a route that ``HTTPHandler/streams``) open, and records how each ended and how often each drained. Each stream sends
/// `early\n` before its handler returns, has `?heartbeat=<seconds>` if asked, and says
/// `bye\n` when the server shuts down.
final class StreamRegistry: @unchecked Sendable {
    // Sendable argument: every property is touched only while holding `lock`.
    private let lock = NSLock()
    private var opened: [HTTPResponseStream] = []
    private var endings: [HTTPResponseStream.End] = []
    private var drainCount = 0

    static let early = Array("early\n".utf8)
    static let farewell = Array("bye\n".utf8)

    var ends: [HTTPResponseStream.End] { lock.withLock { endings } }
    var drains: Int { lock.withLock { drainCount } }

    func router() -> Router {
        var router = TestServer.router()
        let handle: @Sendable (HTTPRequest) -> HTTPHandlerResult = { [self] request in
            let heartbeat = request.queryValue("heartbeat").flatMap(Double.init).map {
                HTTPResponseStream.Heartbeat(interval: $0, bytes: Array(":\n".utf8))
            }
            let stream = HTTPResponseStream(
                head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]),
                heartbeat: heartbeat, farewell: Self.farewell)
            stream.onEnd { [self] end in lock.withLock { endings.append(end) } }
            stream.onDrain { [self] in lock.withLock { drainCount += 1 } }
            stream.send(Self.early)
            lock.withLock { opened.append(stream) }
            return .stream(stream)
        }
        router.add("GET", "/stream", HTTPHandler(deferring: handle))
        var heavy = HTTPHandler(cost: .heavy, deferring: handle)
        heavy.streams = true
        router.add("GET", "/stream-heavy", heavy)
        return router
    }

    /// The `count`th stream opened (1-based), once its handler has returned (within 5 s).
    func stream(_ count: Int = 1) throws -> HTTPResponseStream {
        let deadline = Date().addingTimeInterval(5)
        while true {
            if let stream = lock.withLock({ opened.count >= count ? opened[count - 1] : nil }) { return stream }
            guard Date() < deadline else { throw RawClient.ClientError.timedOut }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// The ends recorded once there are `count` (or what there is after 5 s).
    func waitForEnds(_ count: Int) -> [HTTPResponseStream.End] {
        let deadline = Date().addingTimeInterval(5)
        while ends.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        return ends
    }
}

/// `server`'s statistics once `condition` holds of them (or as they are after `seconds`).
func statistics(
    of server: HTTPServer, within seconds: Double = 3, when condition: (HTTPServerStatistics) -> Bool
) -> HTTPServerStatistics {
    let deadline = Date().addingTimeInterval(seconds)
    var latest = server.statistics()
    while !condition(latest) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.02)
        latest = server.statistics()
    }
    return latest
}
