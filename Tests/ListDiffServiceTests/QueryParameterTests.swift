import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Query parameters are as strict as bodies on every `/v1` route: one the route does not take,
/// or one given twice, is a 400 naming it and listing what the route takes — a typo never
/// answers another format, drops the values asked for, or turns a long poll into a busy loop.
/// Probes and scrapers keep adding their own to `/readyz` and `/metrics`.
@Suite(.ownThreads) struct QueryParameterTests {
    static let diff = #"{"old": ["a"], "new": ["b"]}"#

    @Test(
        arguments: [
            ("POST", "/v1/diff?formt=sequential", "formt", ["format", "updates", "include"]),
            ("POST", "/v1/sessions?name=x", "name", []),
            ("GET", "/v1/sessions/s?verbose=1", "verbose", []),
            ("PUT", "/v1/sessions/s/snapshots/feed?includes=values", "includes", ["format", "updates", "include"]),
            (
                "GET", "/v1/sessions/s/snapshots/feed/changes?since=x.1&wiat=3", "wiat",
                ["since", "wait", "format", "updates", "include"]
            ),
            (
                "POST", "/v1/sessions/s/snapshots/feed/operations?fromat=batch", "fromat",
                ["format", "updates", "include"]
            )
        ] as [(String, String, String, [String])])
    func anUnknownParameterIsNamedWithWhatTheRouteTakes(
        method: String, target: String, parameter: String, allowed: [String]
    ) throws {
        try TestService.with { (service: TestService) throws in
            let body: String? =
                method == "PUT"
                ? #"["a"]"#
                : method == "POST" && target.hasPrefix("/v1/diff")
                    ? Self.diff
                    : target.hasSuffix("operations?fromat=batch") ? #"{"operations": []}"# : nil
            let started = Date()
            let answer = try service.request(method, target, body: body)
            #expect(answer.status == 400, "\(target): \(answer.bodyText)")
            #expect(try answer.json()["type"] as? String == "urn:listdiff:problem:invalid-query")
            #expect(try answer.json()["parameter"] as? String == parameter)
            #expect(try answer.json()["allowed"] as? [String] == allowed)
            #expect(Date().timeIntervalSince(started) < 2, "answered at once, not after a wait")
            #expect(try service.request("GET", "/v1/sessions/s").status == 404, "nothing was written")
        }
    }

    @Test func aRepeatedParameterIsRefused() throws {
        try TestService.with { (service: TestService) throws in
            let answer = try service.request("POST", "/v1/diff?format=batch&format=sequential", body: Self.diff)
            #expect(answer.status == 400)
            #expect((try answer.json()["detail"] as? String ?? "").contains("more than once"))
            #expect(
                try service.request("POST", "/v1/diff?format=sequential&updates=reload", body: Self.diff).status == 200)
        }
    }

    @Test func probesAndScrapersKeepTheirParameters() throws {
        try TestService.with { (service: TestService) throws in
            #expect(try service.request("GET", "/readyz?probe=kubelet").status == 200)
            #expect(try service.request("GET", "/metrics?name=listdiff_sessions").status == 200)
        }
    }
}
