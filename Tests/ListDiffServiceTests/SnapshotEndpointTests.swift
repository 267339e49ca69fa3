import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffTestSupport
import Testing

@Suite struct SessionEndpointTests {
    @Test func createListAndDeleteASession() throws {
        try TestService.with { service in
            let created = try service.request("POST", "/v1/sessions")
            #expect(created.status == 201)
            let name = try created.json()["session"] as? String ?? ""
            #expect(name.count == 32)
            #expect(created.header("Location") == "/v1/sessions/\(name)")
            #expect(try service.request("PUT", "/v1/sessions/\(name)/snapshots/feed", body: #"["a", "b"]"#).status == 201)
            let listing = try service.request("GET", "/v1/sessions/\(name)")
            #expect(listing.status == 200)
            let snapshots = try listing.json()["snapshots"] as? [[String: Any]] ?? []
            #expect(snapshots.count == 1)
            #expect(snapshots.first?["name"] as? String == "feed")
            #expect(snapshots.first?["items"] as? Int == 2)
            #expect((snapshots.first?["version"] as? String)?.hasSuffix(".1") == true)
            #expect(try service.request("DELETE", "/v1/sessions/\(name)").status == 204)
            let gone = try service.request("GET", "/v1/sessions/\(name)")
            #expect(gone.status == 404)
            #expect(try gone.json()["type"] as? String == "urn:listdiff:problem:not-found")
        }
    }

    @Test func aShardingProxyMayNameTheNewSession() throws {
        try TestService.with { service in
            let named = try service.request("POST", "/v1/sessions", headers: [("X-ListDiff-Session-Name", "0f1e2d3c4b5a69788796a5b4c3d2e1f0")])
            #expect(named.status == 201)
            #expect(named.header("Location") == "/v1/sessions/0f1e2d3c4b5a69788796a5b4c3d2e1f0")
            #expect(try service.request("GET", "/v1/sessions/0f1e2d3c4b5a69788796a5b4c3d2e1f0").status == 200)
            #expect(try service.request("POST", "/v1/sessions", headers: [("X-ListDiff-Session-Name", "0f1e2d3c4b5a69788796a5b4c3d2e1f0")]).status == 409)
            #expect(try service.request("POST", "/v1/sessions", headers: [("X-ListDiff-Session-Name", "no spaces")]).status == 400)
        }
    }

    @Test(arguments: [
        ("PUT", "/v1/sessions/bad%20name/snapshots/x", 400),
        ("PUT", "/v1/sessions/ok/snapshots/caf%C3%A9", 400),
        ("GET", "/v1/sessions/\(String(repeating: "n", count: 129))", 400),
        ("GET", "/v1/sessions/ok/snapshots/b%2Fad", 404),
    ])
    func badNamesGetProblems(method: String, path: String, status: Int) throws {
        try TestService.with { service in
            let response = try service.request(method, path, body: method == "PUT" ? "[]" : nil)
            #expect(response.status == status)
            #expect(response.header("Content-Type") == "application/problem+json")
            if status == 400 { #expect(try response.json()["type"] as? String == "urn:listdiff:problem:invalid-name") }
        }
    }
}

@Suite struct StoreLimitTests {
    /// Operations each may walk the section, so their count times the snapshot's size is
    /// bounded before any is applied (once, 50,000 single moves on 200,000 items held a worker
    /// for minutes).
    @Test func operationsCostingTooMuchAreRefusedBeforeAnyIsApplied() throws {
        try TestService.with(ServiceConfiguration(maxOperationWork: 29)) { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/x"
            #expect(try service.request("PUT", path, body: #"["a", "b", "c", "d", "e"]"#).status == 201)
            let five = #"{"operations": ["# + Array(repeating: #"{"op": "moveItem", "item": "a", "after": "e"}"#, count: 5).joined(separator: ",") + "]}"
            let refused = try service.request("POST", path + "/operations", body: five)
            #expect(refused.status == 422)
            #expect(try refused.json()["type"] as? String == "urn:listdiff:problem:too-much-work")
            #expect(try refused.json()["limit"] as? Int == 29)
            #expect(try service.request("GET", path).member("snapshot") == #"["a","b","c","d","e"]"#)
            let four = #"{"operations": ["# + Array(repeating: #"{"op": "moveItem", "item": "a", "after": "e"}"#, count: 4).joined(separator: ",") + "]}"
            #expect(try service.request("POST", path + "/operations", body: four).status == 200)
            #expect(try service.request("GET", path).member("snapshot") == #"["b","c","d","e","a"]"#)
        }
    }

    @Test func theLeastRecentlyUsedSessionGoesFirstWhenTheCountIsReached() throws {
        try TestService.with(ServiceConfiguration(maxSessions: 2)) { (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/a/snapshots/x", body: #"["1"]"#).status == 201)
            #expect(try service.request("PUT", "/v1/sessions/b/snapshots/x", body: #"["1"]"#).status == 201)
            #expect(try service.request("GET", "/v1/sessions/a").status == 200)
            #expect(try service.request("PUT", "/v1/sessions/c/snapshots/x", body: #"["1"]"#).status == 201)
            #expect(try service.request("GET", "/v1/sessions/b").status == 404)
            #expect(try service.request("GET", "/v1/sessions/a").status == 200)
            #expect(service.service.statistics().evictedForCount == 1)
            #expect(service.service.statistics().sessions == 2)
        }
    }

    @Test func sessionsAreEvictedWhenTheStoreIsOverItsBudget() throws {
        try TestService.with(ServiceConfiguration(maxStoreBytes: 5000, maxSessionBytes: 5000)) { (service: TestService) throws in
            let items = "[" + (0..<300).map { "\"item-\($0)\"" }.joined(separator: ",") + "]"
            #expect(try service.request("PUT", "/v1/sessions/a/snapshots/x", body: items).status == 201)
            #expect(try service.request("PUT", "/v1/sessions/b/snapshots/x", body: items).status == 201)
            #expect(try service.request("GET", "/v1/sessions/a").status == 404)
            #expect(try service.request("GET", "/v1/sessions/b").status == 200)
            #expect(service.service.statistics().evictedForBytes == 1)
            #expect(service.service.statistics().bytes <= 5000)
        }
    }

    @Test func idleSessionsExpire() throws {
        try TestService.with(ServiceConfiguration(sessionIdleSeconds: 0.2)) { (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/a/snapshots/x", body: #"["1"]"#).status == 201)
            Thread.sleep(forTimeInterval: 0.5)
            #expect(try service.request("GET", "/v1/sessions/a").status == 404)
            #expect(service.service.statistics().evictedForIdleness == 1)
        }
    }
}

@Suite struct SnapshotEndpointTests {
    static let snapshotPath = "/v1/sessions/s1/snapshots/feed"

    @Test func putCreatesThenAnswersChangesetsFromThePreviousVersion() throws {
        try TestService.with { service in
            let first = try service.request("PUT", Self.snapshotPath, body: #"["a", "b", "c"]"#)
            #expect(first.status == 201)
            #expect(first.header("Location") == Self.snapshotPath)
            let epoch = service.service.epoch
            #expect(try first.json()["from"] as? String == "\(epoch).0")
            #expect(try first.json()["to"] as? String == "\(epoch).1")
            #expect(first.header("ETag") == "\"\(epoch).1\"")
            #expect(try first.member("changeset") == #"{"stages":[{"deletes":[],"inserts":[0,1,2],"moves":[]}],"updates":{"reconfigures":[],"reloads":[]}}"#)
            let second = try service.request("PUT", Self.snapshotPath + "?format=sequential", body: #"["c", "a", "b"]"#)
            #expect(second.status == 200)
            #expect(try second.json()["to"] as? String == "\(epoch).2")
            #expect(try second.member("changeset") == #"{"operations":[{"from":2,"op":"move","to":0}]}"#)
            let same = try service.request("PUT", Self.snapshotPath, body: #"["c", "a", "b"]"#)
            #expect(try same.json()["from"] as? String == "\(epoch).2")
            #expect(try same.json()["to"] as? String == "\(epoch).2")
            #expect(try same.member("changeset") == #"{"stages":[],"updates":{"reconfigures":[],"reloads":[]}}"#)
            #expect(try second.json()["digest"] as? String == (try same.json()["digest"] as? String))
        }
    }

    @Test func getReturnsTheSnapshotWithETagAndHonoursIfNoneMatch() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.snapshotPath, body: #"{"sections": [{"id": "s", "items": [{"id": "a", "content": {"t": "x"}}]}]}"#)
            let response = try service.request("GET", Self.snapshotPath)
            #expect(response.status == 200)
            #expect(try response.member("snapshot") == #"{"sections":[{"id":"s","items":[{"content":{"t":"x"},"id":"a"}]}]}"#)
            let tag = response.header("ETag") ?? ""
            #expect(tag == "\"\(service.service.epoch).1\"")
            let unchanged = try service.request("GET", Self.snapshotPath, headers: [("If-None-Match", tag)])
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)
            #expect(try service.request("GET", "/v1/sessions/s1/snapshots/other").status == 404)
            #expect(try service.request("GET", "/v1/sessions/nobody/snapshots/feed").status == 404)
        }
    }

    @Test func ifMatchMakesWritesConditional() throws {
        try TestService.with { service in
            let epoch = service.service.epoch
            _ = try service.request("PUT", Self.snapshotPath, body: #"["a"]"#)
            let stale = try service.request("PUT", Self.snapshotPath, body: #"["b"]"#, headers: [("If-Match", "\"\(epoch).0\"")])
            #expect(stale.status == 412)
            #expect(try stale.json()["currentVersion"] as? String == "\(epoch).1")
            #expect(stale.header("ETag") == "\"\(epoch).1\"")
            #expect(try service.request("GET", Self.snapshotPath).member("snapshot") == #"["a"]"#)
            let fresh = try service.request("PUT", Self.snapshotPath, body: #"["b"]"#, headers: [("If-Match", "\"\(epoch).1\"")])
            #expect(fresh.status == 200)
        }
    }

    @Test func aFailedFirstWriteLeavesNeitherSnapshotNorSession() throws {
        try TestService.with { service in
            let refused = try service.request("PUT", "/v1/sessions/fresh/snapshots/a", body: "[]", headers: [("If-Match", "*")])
            #expect(refused.status == 412)
            #expect(try service.request("GET", "/v1/sessions/fresh").status == 404)
            #expect(try service.request("PUT", "/v1/sessions/fresh/snapshots/a", body: #"["x", "x"]"#).status == 400)
            #expect(try service.request("GET", "/v1/sessions/fresh").status == 404)
            #expect(service.service.statistics().sessions == 0)
        }
    }

    /// UUIDs (held inline by the wire) and long identifiers (held out of line) keep their
    /// identity through the packed store: a reorder is a move, the text comes back unchanged.
    @Test func uuidAndLongIdentifiersSurviveTheStore() throws {
        try TestService.with { service in
            let first = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
            let second = "6fa459ea-ee8a-3ca4-894e-db77e160355e"
            let long = "an-identifier-longer-than-fifteen-bytes"
            _ = try service.request("PUT", Self.snapshotPath, body: #"["\#(first)", "\#(second)", "\#(long)"]"#)
            let moved = try service.request("PUT", Self.snapshotPath, body: #"["\#(long)", "\#(first)", "\#(second)"]"#)
            #expect(try moved.member("changeset") == #"{"stages":[{"deletes":[],"inserts":[],"moves":[[2,0]]}],"updates":{"reconfigures":[],"reloads":[]}}"#)
            #expect(try service.request("GET", Self.snapshotPath).member("snapshot") == #"["\#(long)","\#(first)","\#(second)"]"#)
            let since = try service.request("GET", Self.snapshotPath + "/changes?since=\(service.service.epoch).1")
            #expect(try since.member("changeset") == (try moved.member("changeset")))
        }
    }

    @Test func weakEntityTagsMatchIfNoneMatch() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.snapshotPath, body: #"["a"]"#)
            let weak = try service.request("GET", Self.snapshotPath, headers: [("If-None-Match", "W/\"\(service.service.epoch).1\"")])
            #expect(weak.status == 304)
        }
    }

    /// Found by the contract test: a long identifier in an operation's single-identifier
    /// members crashed the server.
    @Test func longIdentifiersInOperationsAreAnsweredNotFatal() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.snapshotPath, body: #"{"sections": [{"id": "s", "items": ["a"]}]}"#)
            let response = try service.request("POST", Self.snapshotPath + "/operations",
                                               body: #"{"operations":[{"op":"deleteSections","sections":["0123456789abcdef"]}]}"#)
            #expect(response.status == 422)
            #expect(try service.request("GET", Self.snapshotPath).status == 200)
        }
    }

    @Test func theFormOfASnapshotIsFixedUntilDeleted() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.snapshotPath, body: #"["a"]"#)
            let sectioned = try service.request("PUT", Self.snapshotPath, body: #"{"sections": []}"#)
            #expect(sectioned.status == 409)
            #expect(try service.request("DELETE", Self.snapshotPath).status == 204)
            #expect(try service.request("DELETE", Self.snapshotPath).status == 404)
            #expect(try service.request("PUT", Self.snapshotPath, body: #"{"sections": []}"#).status == 201)
        }
    }

    @Test func operationsApplyAllOrNothing() throws {
        try TestService.with { service in
            let epoch = service.service.epoch
            _ = try service.request("PUT", Self.snapshotPath, body: #"{"sections": [{"id": "s", "items": ["a", "b"]}]}"#)
            let failing = try service.request("POST", Self.snapshotPath + "/operations",
                                              body: #"{"operations": [{"op": "deleteItems", "items": ["a"]}, {"op": "moveItem", "item": "zz", "after": "b"}]}"#)
            #expect(failing.status == 422)
            #expect(try failing.json()["operationIndex"] as? Int == 1)
            #expect(try failing.json()["pointer"] as? String == "/operations/1")
            #expect(try failing.json()["duplicates"] == nil)
            let repeating = try service.request("POST", Self.snapshotPath + "/operations",
                                                body: #"{"operations": [{"op": "appendItems", "items": ["c"]}, {"op": "appendItems", "items": ["b", "c"]}]}"#)
            #expect(repeating.status == 422)
            #expect(try repeating.json()["operationIndex"] as? Int == 1)
            #expect(try repeating.json()["duplicates"] as? [String] == ["b", "c"])
            #expect(try service.request("GET", Self.snapshotPath).json()["version"] as? String == "\(epoch).1")
            let applied = try service.request("POST", Self.snapshotPath + "/operations",
                                              body: #"{"operations": [{"op": "appendItems", "items": ["c"], "section": "s"}, {"op": "moveItem", "item": "a", "after": "c"}]}"#)
            #expect(applied.status == 200)
            #expect(try applied.json()["to"] as? String == "\(epoch).2")
            #expect(try service.request("GET", Self.snapshotPath).member("snapshot") == #"{"sections":[{"id":"s","items":["b","c","a"]}]}"#)
            #expect(try service.request("POST", "/v1/sessions/s1/snapshots/none/operations", body: #"{"operations": []}"#).status == 404)
            #expect(try service.request("POST", Self.snapshotPath + "/operations", body: #"{"operations": [{"op": "explode"}]}"#).status == 400)
        }
    }

    @Test func tooManyItemsAndTooManySnapshots() throws {
        try TestService.with(ServiceConfiguration(maxSnapshotsPerSession: 2, maxItemsPerSnapshot: 3)) { (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/a", body: #"["1", "2", "3", "4"]"#).status == 422)
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/a", body: #"["1"]"#).status == 201)
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/b", body: #"["1"]"#).status == 201)
            let third = try service.request("PUT", "/v1/sessions/s/snapshots/c", body: #"["1"]"#)
            #expect(third.status == 409)
            #expect(try third.json()["type"] as? String == "urn:listdiff:problem:too-many-snapshots")
            let grown = try service.request("POST", "/v1/sessions/s/snapshots/a/operations", body: #"{"operations": [{"op": "appendItems", "items": ["2", "3", "4"]}]}"#)
            #expect(grown.status == 422)
        }
    }
}
