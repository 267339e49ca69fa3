import Foundation
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Every route's answers and problems, byte for byte, against `Tests/Golden/api.txt`: "the API
/// did not change" is checked, not assumed, whatever moves behind it. The epoch and random
/// session names are normalised; everything else (statuses, headers a client reads, bodies,
/// problem details) must match. After an intended change, regenerate the file with
/// `LISTDIFF_UPDATE_GOLDEN=1 swift test --filter APIGoldenTests` and review its diff.
@Suite(.ownThreads) struct APIGoldenTests {
    static let goldenFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/api.txt")

    @Test func everyRouteAnswersAsRecorded() throws {
        var transcript = APITranscript()
        try TestService.with { (service: TestService) throws in
            transcript.epoch = service.service.epoch
            try Self.stateless(service, &transcript)
            try Self.sessionsAndSnapshots(service, &transcript)
        }
        try TestService.with(ServiceConfiguration(apiKeys: ["golden-key"])) { (service: TestService) throws in
            transcript.epoch = service.service.epoch
            try Self.keys(service, &transcript)
        }
        let limits = ServiceConfiguration(
            store: StoreLimits(
                maxSnapshotsPerSession: 1, maxItemsPerSnapshot: 4, maxOperationWork: 10, maxStoreBytes: 4_000))
        try TestService.with(limits) { (service: TestService) throws in
            transcript.epoch = service.service.epoch
            try Self.limits(service, &transcript)
        }
        if ProcessInfo.processInfo.environment["LISTDIFF_UPDATE_GOLDEN"] == "1" {
            try transcript.text.write(to: Self.goldenFile, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: Self.goldenFile, encoding: .utf8)
        let expected = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let actual = transcript.text.split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(expected, actual).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record(
                "Tests/Golden/api.txt line \(line + 1):\nrecorded: \(expected[line])\nanswered: \(actual[line])")
        } else {
            #expect(
                expected.count == actual.count,
                "the transcript has \(actual.count) lines, the recording \(expected.count)")
        }
    }

    static func stateless(_ service: TestService, _ t: inout APITranscript) throws {
        let flat = #"{"old": ["a", "b", "c"], "new": ["c", "a", "d"]}"#
        try t.exchange(service, "POST", "/v1/diff", body: flat)
        try t.exchange(service, "POST", "/v1/diff?format=sequential", body: flat)
        try t.exchange(
            service, "POST", "/v1/diff?updates=reload",
            body:
                #"{"old": {"sections": [{"id": "s", "items": [{"id": "a", "content": 1}, "b"]}]}, "new": {"sections": [{"id": "s", "items": [{"id": "a", "content": 2}, "b"]}]}}"#
        )
        try t.exchange(
            service, "POST", "/v1/diff",
            body:
                #"{"old": {"sections": [{"id": "p", "items": ["a", "b"]}]}, "new": {"sections": [{"id": "p", "items": ["b"]}, {"id": "q", "items": ["a"]}]}}"#
        )
        try t.exchange(service, "POST", "/v1/diff", body: #"{"old": [1, 2"#)
        try t.exchange(service, "POST", "/v1/diff", body: #"{"old": ["a", "a"], "new": []}"#)
        try t.exchange(service, "POST", "/v1/diff?format=xml", body: flat)
        try t.exchange(service, "POST", "/v1/diff?include=values", body: flat)
        try t.exchange(service, "POST", "/v1/diff?formt=sequential", body: flat)
        try t.exchange(service, "POST", "/v1/diff?format=batch&format=sequential", body: flat)
        try t.exchange(service, "GET", "/v1/diff")
        try t.exchange(service, "GET", "/v1/nothing")
    }

    static func sessionsAndSnapshots(_ service: TestService, _ t: inout APITranscript) throws {
        let epoch = service.service.epoch
        let session = "/v1/sessions/golden"
        let feed = session + "/snapshots/feed"
        let first = #"{"sections": [{"id": "today", "items": ["a", {"id": "b", "content": {"title": "B"}}]}]}"#
        let second = #"{"sections": [{"id": "today", "items": [{"id": "b", "content": {"title": "B2"}}, "a", "c"]}]}"#
        let (v1, v2) = (service.version(1, of: first), service.version(2, of: second))
        try t.exchange(service, "POST", "/v1/sessions", headers: [("X-ListDiff-Session-Name", "golden")])
        try t.exchange(service, "POST", "/v1/sessions", headers: [("X-ListDiff-Session-Name", "golden")])
        try t.exchange(service, "GET", session)
        try t.exchange(service, "PUT", feed, body: first)
        try t.exchange(service, "PUT", feed, body: first)
        try t.exchange(
            service, "PUT", feed + "?format=sequential", body: second, headers: [("If-Match", "\"\(v1)\"")])
        try t.exchange(service, "PUT", feed, body: first, headers: [("If-Match", "\"\(v1)\"")])
        try t.exchange(service, "PUT", feed, body: first, headers: [("If-Match", "\(v2)")])
        try t.exchange(service, "PUT", feed, body: first, headers: [("If-None-Match", "*")])
        try t.exchange(service, "PUT", feed, body: #"["x"]"#)
        try t.exchange(service, "GET", feed)
        try t.exchange(service, "HEAD", feed)
        try t.exchange(service, "GET", feed, headers: [("If-None-Match", "W/\"\(v2)\"")])
        try t.exchange(service, "GET", feed + "/changes?since=\(v1)")
        try t.exchange(service, "GET", feed + "/changes?since=\(v2)&format=sequential")
        try t.exchange(service, "GET", feed + "/changes?since=0000000000000000.1")
        // A token from before versions named their content: a reset.
        try t.exchange(service, "GET", feed + "/changes?since=\(epoch).1")
        try t.exchange(service, "GET", feed + "/changes?since=\(v2)&wait=0.1")
        try t.exchange(service, "GET", feed + "/changes")
        try t.exchange(service, "GET", feed + "/changes?since=\(v2)&wiat=3")
        try t.exchange(
            service, "POST", feed + "/operations",
            body:
                #"{"operations": [{"op": "appendSections", "sections": [{"id": "later", "items": ["d"]}]}, {"op": "moveItem", "item": "a", "after": "d"}, {"op": "reloadItems", "items": ["c"]}]}"#
        )
        try t.exchange(
            service, "POST", feed + "/operations",
            body:
                #"{"operations": [{"op": "deleteItems", "items": ["a"]}, {"op": "moveSection", "section": "nope", "before": "today"}]}"#
        )
        try t.exchange(service, "POST", feed + "/operations", body: #"{"operations": [{"op": "frob"}]}"#)
        try t.exchange(
            service, "PUT", feed + "?include=values", body: #"{"sections": [{"id": "today", "items": ["c", "e"]}]}"#)
        let list =
            try t.exchange(service, "PUT", session + "/snapshots/list", body: #"["x", "y"]"#).json()["to"] as? String
            ?? ""
        try t.exchange(
            service, "POST", session + "/snapshots/list/operations",
            body: #"{"operations": [{"op": "appendSections", "sections": [{"id": "s"}]}]}"#)
        try t.exchange(service, "GET", session)
        try t.exchange(service, "DELETE", session + "/snapshots/list")
        try t.exchange(service, "GET", session + "/snapshots/list")
        try t.exchange(service, "PUT", session + "/snapshots/list", body: #"["z"]"#)
        try t.exchange(service, "GET", session + "/snapshots/list/changes?since=\(list)")
        try t.exchange(service, "DELETE", "/v1/sessions/golden%2Fsnapshots%2Ffeed")
        try t.exchange(service, "PUT", "/v1/sessions/../snapshots/x", body: "[]")
        try t.exchange(service, "PATCH", feed)
        try t.exchange(service, "DELETE", session)
        try t.exchange(service, "GET", session)
        try t.exchange(service, "POST", "/v1/sessions")
    }

    static func keys(_ service: TestService, _ t: inout APITranscript) throws {
        let diff = #"{"old": ["a"], "new": ["b"]}"#
        try t.exchange(service, "POST", "/v1/diff", body: diff)
        try t.exchange(service, "POST", "/v1/diff", body: diff, headers: [("Authorization", "Bearer wrong")])
        try t.exchange(service, "POST", "/v1/diff", body: diff, headers: [("Authorization", "Basic Z29sZGVu")])
        try t.exchange(service, "POST", "/v1/diff", body: diff, headers: [("Authorization", "Bearer")])
        try t.exchange(
            service, "POST", "/v1/diff", body: diff,
            headers: [("Authorization", "Bearer golden-key"), ("Authorization", "Bearer golden-key")])
        try t.exchange(service, "POST", "/v1/diff", body: diff, headers: [("Authorization", "Bearer golden-key")])
    }

    static func limits(_ service: TestService, _ t: inout APITranscript) throws {
        try t.exchange(service, "PUT", "/v1/sessions/s/snapshots/a", body: #"["a", "b"]"#)
        try t.exchange(service, "PUT", "/v1/sessions/s/snapshots/b", body: #"["a"]"#)
        try t.exchange(service, "PUT", "/v1/sessions/s/snapshots/a", body: #"["a", "b", "c", "d", "e"]"#)
        try t.exchange(
            service, "POST", "/v1/sessions/s/snapshots/a/operations",
            body:
                #"{"operations": [{"op": "moveItem", "item": "a", "after": "b"}, {"op": "moveItem", "item": "a", "after": "b"}, {"op": "moveItem", "item": "a", "after": "b"}, {"op": "moveItem", "item": "a", "after": "b"}]}"#
        )
        let long = "[" + (0..<4).map { "\"\(String(repeating: "n", count: 600))\($0)\"" }.joined(separator: ", ") + "]"
        try t.exchange(service, "PUT", "/v1/sessions/t/snapshots/big", body: long)
        try t.exchange(service, "GET", "/v1/sessions/t")
    }
}

/// The requests and answers of a golden run, written as text with the parts that change from
/// run to run (the epoch, random session names) normalised.
struct APITranscript {
    var epoch = ""
    private(set) var text = ""

    /// The response headers a client reads (never `Date` or `Content-Length`).
    static let recordedHeaders = [
        "Content-Type", "ETag", "Location", "Allow", "WWW-Authenticate", "Retry-After", "Connection",
        "X-Content-Type-Options"
    ]

    @discardableResult
    mutating func exchange(
        _ service: TestService, _ method: String, _ target: String, body: String? = nil,
        headers: [(String, String)] = []
    ) throws -> RawClient.Response {
        let response = try service.request(method, target, body: body, headers: headers)
        text += ">>> \(method) \(normalised(target))\n"
        for (name, value) in headers { text += "    \(name): \(normalised(value))\n" }
        if let body { text += "    \(normalised(body))\n" }
        text += "<<< \(response.status)\n"
        for name in Self.recordedHeaders {
            if let value = response.header(name) { text += "    \(name): \(normalised(value))\n" }
        }
        if !response.body.isEmpty { text += "    \(normalised(response.bodyText))\n" }
        text += "\n"
        return response
    }

    private func normalised(_ text: String) -> String {
        var result = epoch.isEmpty ? text : text.replacingOccurrences(of: epoch, with: "<epoch>")
        result = result.replacingOccurrences(of: "[0-9a-f]{32}", with: "<session>", options: .regularExpression)
        return result
    }
}
