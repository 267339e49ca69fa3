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
    /// Mounts `GET /readyz` (200 once serving, 503 before and while draining at shutdown, and
    /// until the snapshot store has answered and while it does not answer or answers that it
    /// cannot serve now; `/healthz` stays liveness) and `GET /metrics` (Prometheus text format).
    public func mountProbesAndMetrics(on router: inout Router, transport: TransportProbe) {
        router.get("/readyz") { [store] _ in
            guard transport.attached?.isReady == true else {
                return ServiceProblem.notReady("the server is starting or shutting down").response
            }
            guard store.isReachable else {
                return ServiceProblem.notReady(
                    "the snapshot store has not answered, or answers that it cannot serve now (busy, loading, its cluster down); checking again in the background"
                ).response
            }
            return .text("ready\n")
        }
        router.get("/metrics") { [self] _ in
            let body = metricsText(transport: transport.attached?.statistics())
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: Array(body.utf8))
        }
    }

    /// Every metric, rendered now. O(routes + buckets).
    func metricsText(transport: HTTPServerStatistics?) -> String {
        var out = PrometheusText()
        if let transport {
            out.family(
                "listdiff_http_requests_total", "counter", "Requests answered, by route template, method and status.")
            for (key, count) in transport.requests.counts.sorted(by: {
                ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
            }) {
                out.sample(
                    "listdiff_http_requests_total", Double(count),
                    labels: [("route", key.route), ("method", key.method), ("status", String(key.status))])
            }
            out.family(
                "listdiff_http_request_duration_seconds", "histogram",
                "Time from a request's first byte to its response being queued, by route template.")
            for (route, latency) in transport.requests.latency.sorted(by: { $0.key < $1.key }) {
                out.histogram("listdiff_http_request_duration_seconds", latency, labels: [("route", route)])
            }
            out.single(
                "listdiff_open_connections", "gauge", "Client connections open.", Double(transport.openConnections))
            out.single(
                "listdiff_connections_accepted_total", "counter", "Connections accepted.",
                Double(transport.acceptedConnections))
            out.single(
                "listdiff_connections_rejected_total", "counter",
                "Connections answered 503 at accept (connection limit, no descriptors).",
                Double(transport.rejectedConnections))
            out.single(
                "listdiff_long_poll_waiters", "gauge", "Requests waiting for a deferred response (long polls).",
                Double(transport.waitingResponses))
            out.single(
                "listdiff_queued_jobs", "gauge", "Heavy requests waiting for a worker thread.",
                Double(transport.queuedJobs))
            out.single("listdiff_open_streams", "gauge", "Event streams open.", Double(transport.openStreams))
            out.single(
                "listdiff_stream_slow_reader_closes_total", "counter",
                "Event streams closed because their unsent bytes passed --stream-max-buffer (their clients resume by Last-Event-ID).",
                Double(transport.streamSlowReaderCloses))
            out.single(
                "listdiff_streams_refused_total", "counter", "Event streams answered 503 past --max-streams.",
                Double(transport.refusedStreams))
            out.single(
                "listdiff_buffered_body_bytes", "gauge",
                "Request-body bytes held now, against --max-buffered-body-bytes.", Double(transport.bufferedBodyBytes))
            out.single(
                "listdiff_buffered_response_bytes", "gauge",
                "Response bytes queued and not yet sent now (a body shared by many connections counted once), against --max-buffered-response-bytes.",
                Double(transport.bufferedResponseBytes))
            out.single(
                "listdiff_response_budget_refusals_total", "counter",
                "Large answers refused 503 because they did not fit --max-buffered-response-bytes.",
                Double(transport.responseBudgetRefusals))
            out.single(
                "listdiff_response_budget_closes_total", "counter",
                "Connections closed to keep within --max-buffered-response-bytes: streams whose next event did not fit, readers that had stopped reading.",
                Double(transport.responseBudgetCloses))
        }
        let diffs = diffMetrics.figures
        out.family(
            "listdiff_diff_duration_seconds", "histogram",
            "Time the engine spent matching old and new snapshots (their visible rows), per diff.")
        out.histogram("listdiff_diff_duration_seconds", diffs.latency)
        out.single(
            "listdiff_diff_items_total", "counter", "Items (visible rows) diffed, both sides.", Double(diffs.items))
        out.family(
            "listdiff_changeset_assembly_seconds", "histogram",
            "Time the engine spent assembling a diff into the changeset answered (batch stages or sequential steps), per changeset."
        )
        out.histogram("listdiff_changeset_assembly_seconds", diffs.assembly)
        let streams = streamMetrics.figures
        out.family(
            "listdiff_stream_events_total", "counter", "Events sent on snapshots' event streams, by event type.")
        for (kind, count) in streams.events {
            out.sample("listdiff_stream_events_total", Double(count), labels: [("event", kind.rawValue)])
        }
        out.single(
            "listdiff_stream_coalesced_versions_total", "counter",
            "Versions that reached a stream whose last event was still unsent, sent folded into its next changes event.",
            Double(streams.coalesced))
        if let tokens = credentials.tokens {
            out.family(
                "listdiff_token_verifications_total", "counter",
                "Bearer tokens verified, by outcome (valid, or why refused), and requests whose token was found in the cache, verified (cached) or refused for a reason that still holds (cached_refusal)."
            )
            for (outcome, count) in tokens.outcomes.figures {
                out.sample("listdiff_token_verifications_total", Double(count), labels: [("outcome", outcome.rawValue)])
            }
        }
        if credentials.isEnabled, credentials.failures.isEnabled {
            out.single(
                "listdiff_auth_failure_limit_refusals_total", "counter",
                "Requests answered 429 too-many-failed-authentications: their client address had passed --auth-failure-limit within --auth-failure-window.",
                Double(credentials.failures.refusedCount))
        }
        let store = store.statistics()
        // A store on a server (Redis) does not count what it holds: its server does.
        if store.countsHoldings {
            out.single("listdiff_sessions", "gauge", "Sessions held.", Double(store.sessions))
            out.single("listdiff_snapshots", "gauge", "Named snapshots held.", Double(store.snapshots))
            out.single(
                "listdiff_versions", "gauge", "Versions kept over all snapshots, current ones included.",
                Double(store.versions))
            out.single(
                "listdiff_store_bytes", "gauge", "Estimated bytes of stored snapshots and kept versions.",
                Double(store.bytes))
            out.family("listdiff_evictions_total", "counter", "Sessions evicted, by reason.")
            out.sample("listdiff_evictions_total", Double(store.evictedForBytes), labels: [("reason", "bytes")])
            out.sample("listdiff_evictions_total", Double(store.evictedForCount), labels: [("reason", "count")])
            out.sample("listdiff_evictions_total", Double(store.evictedForIdleness), labels: [("reason", "idle")])
        }
        out.single(
            "listdiff_store_round_trips_total", "counter",
            "Calls to the snapshot store's server (0 for the in-memory store).", Double(store.roundTrips))
        out.single(
            "listdiff_store_errors_total", "counter",
            "Calls to the snapshot store's server that it did not answer, or answered that it serves nothing now (busy, loading, its cluster down).",
            Double(store.roundTripFailures))
        out.family(
            "listdiff_store_calls_refused_total", "counter",
            "Store calls answered 503 without the store's answer, by reason: deadline (--store-timeout passed, queued or running), queue_full (--store-queue-limit calls waiting), client_gone (not run)."
        )
        for (reason, refusal) in [
            ("deadline", StoreCallAdmission.Refusal.deadlinePassed), ("queue_full", .queueFull),
            ("client_gone", .askerGone)
        ] {
            out.sample(
                "listdiff_store_calls_refused_total", Double(storeCalls.refusals.count(of: refusal)),
                labels: [("reason", reason)])
        }
        out.family(
            "listdiff_store_round_trip_seconds", "histogram",
            "Time of each call to the snapshot store's server, reply included.")
        out.histogram("listdiff_store_round_trip_seconds", storeRoundTrips.figures)
        out.single(
            "process_resident_memory_bytes", "gauge", "Resident set size of the process.",
            Double(AllocatorTuning.residentBytes()))
        out.single(
            "listdiff_heap_bytes", "gauge", "Heap bytes held by live allocations (glibc mallinfo2).",
            Double(AllocatorTuning.heapBytesInUse()))
        out.single(
            "process_start_time_seconds", "gauge", "Start time of the process since the Unix epoch, in seconds.",
            startedAt)
        out.single(
            "listdiff_uptime_seconds", "gauge", "Seconds since the service started.",
            (Date().timeIntervalSince1970 - startedAt).rounded())
        return out.text
    }
}
