import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// `/metrics` and `/readyz`.
@Suite(.ownThreads) struct OperationsEndpointTests {
    /// The samples of a Prometheus text exposition, checked line by line against the format:
    /// every family announced by HELP and TYPE before its samples, every sample
    /// `name{label="value",…} number`, histogram buckets cumulative and ending in `+Inf`.
    static func samples(_ text: String) throws -> [String: Double] {
        var samples: [String: Double] = [:]
        var typed: [String: String] = [:]
        var lastBucket: (series: String, value: Double)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("# HELP ") { continue }
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                try #require(
                    parts.count == 4 && ["counter", "gauge", "histogram"].contains(String(parts[3])),
                    "bad TYPE line: \(line)")
                typed[String(parts[2])] = String(parts[3])
                continue
            }
            let space = try #require(line.lastIndex(of: " "), "no value: \(line)")
            let series = String(line[..<space])
            let value = try #require(Double(line[line.index(after: space)...]), "bad value: \(line)")
            let name = String(series.prefix { $0 != "{" })
            try #require(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }, "bad name: \(line)")
            let family =
                ["_bucket", "_sum", "_count"].first {
                    name.hasSuffix($0) && typed[String(name.dropLast($0.count))] == "histogram"
                }
                .map { String(name.dropLast($0.count)) } ?? name
            try #require(typed[family] != nil, "sample before its TYPE: \(line)")
            if series.contains("{") {
                try #require(
                    series.hasSuffix("}")
                        && series.range(of: #"^[a-z_:]+\{([a-z_]+="([^"\\]|\\.)*",?)+\}$"#, options: .regularExpression)
                            != nil,
                    "bad labels: \(line)")
            }
            if name.hasSuffix("_bucket") {
                let base = series.replacingOccurrences(of: #",?le="[^"]*""#, with: "", options: .regularExpression)
                if let last = lastBucket, last.series == base {
                    try #require(value >= last.value, "buckets not cumulative: \(line)")
                }
                lastBucket = (base, value)
            }
            samples[series] = value
        }
        return samples
    }

    @Test func metricsAreValidExpositionTextAndMoveWithRequests() throws {
        try TestService.with { service in
            let client = try service.client()
            let before = try Self.samples(client.request("GET", "/metrics").bodyText)
            for _ in 0..<3 { _ = try client.request("POST", "/v1/diff", body: #"{"old": ["a"], "new": ["b", "a"]}"#) }
            _ = try client.request("POST", "/v1/diff", body: "{")
            _ = try client.request("PUT", "/v1/sessions/s/snapshots/x", body: #"["a", "b"]"#)
            Thread.sleep(forTimeInterval: 0.3)
            let response = try client.request("GET", "/metrics")
            #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
            let after = try Self.samples(response.bodyText)
            let diffs = #"listdiff_http_requests_total{route="/v1/diff",method="POST",status="200"}"#
            #expect((after[diffs] ?? 0) - (before[diffs] ?? 0) == 3)
            #expect(after[#"listdiff_http_requests_total{route="/v1/diff",method="POST",status="400"}"#] == 1)
            #expect(
                after[#"listdiff_http_request_duration_seconds_count{route="/v1/sessions/{session}/snapshots/{name}"}"#]
                    == 1)
            #expect(after["listdiff_diff_duration_seconds_count"] == 4)
            #expect(after["listdiff_diff_items_total"] == 11)
            // Every changeset answered was assembled once, whichever path diffed it.
            #expect(after["listdiff_changeset_assembly_seconds_count"] == 4)
            #expect(after["listdiff_sessions"] == 1)
            #expect(after["listdiff_snapshots"] == 1)
            #expect(after["listdiff_versions"] == 1)
            #expect((after["listdiff_store_bytes"] ?? 0) > 0)
            #expect(after[#"listdiff_evictions_total{reason="bytes"}"#] == 0)
            #expect(after["listdiff_open_connections"] == 1)
            #expect((after["process_resident_memory_bytes"] ?? 0) > 1_000_000)
            #expect((after["listdiff_heap_bytes"] ?? 0) > 0)
            #expect(after.keys.allSatisfy { !$0.contains("/v1/sessions/s/") })
        }
    }

    @Test func notReadyFromTheMomentShutdownBeginsWhileStillServingThroughTheDrainDelay() throws {
        try TestService.with { service in
            let client = try service.client()
            #expect(try client.request("GET", "/readyz").status == 200)
            service.server.shutdown(gracePeriod: 2, drainDelay: 0.6)
            let probe = try client.request("GET", "/readyz")
            #expect(probe.status == 503)
            #expect(probe.header("Content-Type") == "application/problem+json")
            #expect(
                probe.bodyText
                    == #"{"type":"about:blank","title":"Service Unavailable","status":503,"detail":"not ready: the server is starting or shutting down"}"#
            )
            #expect(try client.request("POST", "/v1/diff", body: #"{"old": [], "new": ["a"]}"#).status == 200)
            #expect(try service.request("GET", "/readyz").status == 503)
            // Once the delay is over the drain begins: the idle keep-alive connection is closed.
            let started = ContinuousClock.now
            #expect(client.readsEOF())
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }

    /// A long poll in flight when the drain begins is answered (its timeout answer: nothing
    /// changed) with `Connection: close`.
    @Test func shutdownAnswersLongPolls() throws {
        try TestService.with { service in
            let client = try service.client()
            _ = try client.request("PUT", "/v1/sessions/s/snapshots/x", body: #"["a"]"#)
            let v1 = service.version(1, of: #"["a"]"#)
            try client.send(
                "GET /v1/sessions/s/snapshots/x/changes?since=\(v1)&wait=5 HTTP/1.1\r\nHost: t\r\n\r\n")
            Thread.sleep(forTimeInterval: 0.2)
            let started = ContinuousClock.now
            service.server.shutdown(gracePeriod: 2)
            let poll = try client.readResponse()
            #expect(ContinuousClock.now - started < .seconds(1))
            #expect(poll.status == 200)
            #expect(try poll.json()["to"] as? String == v1)
            #expect(poll.header("Connection") == "close")
        }
    }
}
