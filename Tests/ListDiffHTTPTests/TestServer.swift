import Dispatch
import Foundation
import ListDiffHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts an in-process server on an ephemeral port with short timeouts and the test routes.
enum TestServer {
    static func configuration(
        limits: HTTPLimits = HTTPLimits(maxRequestLineBytes: 1024, maxHeaderBytes: 4096, maxBodyBytes: 1 << 20),
        timeouts: HTTPTimeouts = HTTPTimeouts(
            headerRead: 0.5, bodyRead: 0.5, idle: 5, write: 5, linger: 0.5, shutdownGrace: 3)
    ) -> HTTPServerConfiguration {
        HTTPServerConfiguration(
            host: "127.0.0.1", port: 0, eventLoopCount: 2, workerCount: 2, limits: limits, timeouts: timeouts,
            logLevel: .off)
    }

    static func router() -> Router {
        var router = Router()
        router.get("/healthz") { _ in .text("ok\n") }
        router.post("/echo") { request in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        }
        router.get("/inspect") { request in
            let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            let trailer = request.trailers["X-Checksum"] ?? "-"
            return .text(
                "path=\(request.path) query=\(query) trailer=\(trailer) accept=\(request.headers.values(for: "accept").joined(separator: "|"))"
            )
        }
        router.post("/inspect") { request in
            .text("body=\(request.body.count) trailer=\(request.trailers["X-Checksum"] ?? "-")")
        }
        router.add(
            "GET", "/later",
            HTTPHandler(deferring: { request in
                // Completed from another thread after `ms`; answered 504 by the transport after `timeout` s.
                let milliseconds = Int(request.queryValue("ms") ?? "100") ?? 100
                let deferred = HTTPDeferredResponse(timeout: Double(request.queryValue("timeout") ?? "5") ?? 5) {
                    .text("timed out\n", status: 504)
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
                    deferred.complete(.text("later \(milliseconds)\n"))
                }
                return .deferred(deferred)
            }))
        // The thread a handler ran on: cheap handlers run on their connection's loop.
        router.get("/thread") { _ in .text("\(pthread_self())") }
        router.post("/thread", cost: .heavyAbove(bodyBytes: 16)) { _ in .text("\(pthread_self())") }
        router.get("/slow", cost: .heavy) { request in
            let milliseconds = Int(request.queryValue("ms") ?? "300") ?? 300
            usleep(UInt32(milliseconds * 1000))
            return .text("slept \(milliseconds)\n")
        }
        return router
    }

    /// Runs `body` against a started server, then shuts it down and waits for it.
    static func with<T>(
        _ configuration: HTTPServerConfiguration = configuration(), router: Router = router(),
        _ body: (HTTPServer) throws -> T
    ) throws -> T {
        let server = HTTPServer(configuration: configuration, responder: router)
        try server.start()
        defer {
            server.shutdown(gracePeriod: 1)
            server.waitUntilStopped()
        }
        return try body(server)
    }
}

func get(_ path: String, extraHeaders: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: test\r\n\(extraHeaders)\r\n"
}

func post(_ path: String, body: String, extraHeaders: String = "") -> String {
    "POST \(path) HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.utf8.count)\r\n\(extraHeaders)\r\n\(body)"
}
