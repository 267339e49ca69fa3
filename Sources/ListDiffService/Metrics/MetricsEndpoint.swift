import Foundation
import ListDiffHTTP

/// What `/readyz` and `/metrics` need from the transport, which exists only once the router
/// it serves has been built: filled in after the server is made.
public final class TransportProbe: @unchecked Sendable {
    // Sendable argument: `server` is only touched while holding `lock`.
    private let lock = NSLock()
    private var server: HTTPServer?

    public init() {}

    public func attach(_ server: HTTPServer) {
        lock.withLock { self.server = server }
    }

    var attached: HTTPServer? { lock.withLock { server } }
}

extension ListDiffService {
    /// Mounts `GET /readyz` (200 once serving, 503 before and while draining at shutdown;
    /// `/healthz` stays liveness) and `GET /metrics` (Prometheus text format).
    public func mountOperations(on router: inout Router, transport: TransportProbe) {
        router.get("/readyz") { _ in
            guard transport.attached?.isReady == true else {
                return HTTPProblem(status: 503, detail: "not ready: the server is starting or shutting down").response()
            }
            return .text("ready\n")
        }
        router.get("/metrics") { [self] _ in
            let body = metricsText(transport: transport.attached?.statistics())
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"], body: Array(body.utf8))
        }
    }

    /// Every metric, rendered now. O(routes + buckets).
    func metricsText(transport: HTTPServerStatistics?) -> String {
        var out = PrometheusText()
        if let transport {
            out.family("listdiff_http_requests_total", "counter", "Requests answered, by route template, method and status.")
            for (key, count) in transport.requests.counts.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
                out.sample("listdiff_http_requests_total", Double(count), labels: [("route", key.route), ("method", key.method), ("status", String(key.status))])
            }
            out.family("listdiff_http_request_duration_seconds", "histogram", "Time from a request's first byte to its response being queued, by route template.")
            for (route, latency) in transport.requests.latency.sorted(by: { $0.key < $1.key }) {
                out.histogram("listdiff_http_request_duration_seconds", latency, labels: [("route", route)])
            }
            out.family("listdiff_open_connections", "gauge", "Client connections open.")
            out.sample("listdiff_open_connections", Double(transport.openConnections))
            out.family("listdiff_connections_accepted_total", "counter", "Connections accepted.")
            out.sample("listdiff_connections_accepted_total", Double(transport.acceptedConnections))
            out.family("listdiff_connections_rejected_total", "counter", "Connections answered 503 at accept (connection limit, no descriptors).")
            out.sample("listdiff_connections_rejected_total", Double(transport.rejectedConnections))
            out.family("listdiff_long_poll_waiters", "gauge", "Requests waiting for a deferred response (long polls).")
            out.sample("listdiff_long_poll_waiters", Double(transport.waitingResponses))
            out.family("listdiff_queued_jobs", "gauge", "Heavy requests waiting for a worker thread.")
            out.sample("listdiff_queued_jobs", Double(transport.queuedJobs))
        }
        let diffs = diffMetrics.figures
        out.family("listdiff_diff_duration_seconds", "histogram", "Time the engine spent matching old and new snapshots, per diff.")
        out.histogram("listdiff_diff_duration_seconds", diffs.latency)
        out.family("listdiff_diff_items_total", "counter", "Items diffed (both sides).")
        out.sample("listdiff_diff_items_total", Double(diffs.items))
        let store = store.statistics()
        out.family("listdiff_sessions", "gauge", "Sessions held.")
        out.sample("listdiff_sessions", Double(store.sessions))
        out.family("listdiff_snapshots", "gauge", "Named snapshots held.")
        out.sample("listdiff_snapshots", Double(store.snapshots))
        out.family("listdiff_versions", "gauge", "Versions kept over all snapshots, current ones included.")
        out.sample("listdiff_versions", Double(store.versions))
        out.family("listdiff_store_bytes", "gauge", "Estimated bytes of stored snapshots and kept versions.")
        out.sample("listdiff_store_bytes", Double(store.bytes))
        out.family("listdiff_evictions_total", "counter", "Sessions evicted, by reason.")
        out.sample("listdiff_evictions_total", Double(store.evictedForBytes), labels: [("reason", "bytes")])
        out.sample("listdiff_evictions_total", Double(store.evictedForCount), labels: [("reason", "count")])
        out.sample("listdiff_evictions_total", Double(store.evictedForIdleness), labels: [("reason", "idle")])
        out.family("process_resident_memory_bytes", "gauge", "Resident set size of the process.")
        out.sample("process_resident_memory_bytes", Double(ProcessFigures.residentBytes()))
        out.family("process_start_time_seconds", "gauge", "Start time of the process since the Unix epoch, in seconds.")
        out.sample("process_start_time_seconds", startedAt)
        out.family("listdiff_uptime_seconds", "gauge", "Seconds since the service started.")
        out.sample("listdiff_uptime_seconds", (Date().timeIntervalSince1970 - startedAt).rounded())
        return out.text
    }
}

/// Figures of this process from /proc (zero where /proc is absent).
enum ProcessFigures {
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
