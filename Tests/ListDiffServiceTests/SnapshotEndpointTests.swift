import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@Suite(.ownThreads) struct SnapshotEndpointTests {
    static let snapshotPath = "/v1/sessions/s1/snapshots/feed"

    @Test func putCreatesThenAnswersChangesetsFromThePreviousVersion() throws {
        try TestService.with { service in
            let first = try service.request("PUT", Self.snapshotPath, body: #"["a", "b", "c"]"#)
            #expect(first.status == 201)
            #expect(first.header("Location") == Self.snapshotPath)
            let epoch = service.service.epoch
            let v2 = service.version(2, of: #"["c", "a", "b"]"#)
            #expect(try first.json()["from"] as? String == "\(epoch).0")
            #expect(try first.json()["to"] as? String == service.version(1, of: #"["a", "b", "c"]"#))
            #expect(first.header("ETag") == "\"\(service.version(1, of: #"["a", "b", "c"]"#))\"")
            #expect(
                try first.member("changeset")
                    == #"{"stages":[{"deletes":[],"inserts":[0,1,2],"moves":[]}],"updates":{"reconfigures":[],"reloads":[]}}"#
            )
            let second = try service.request("PUT", Self.snapshotPath + "?format=sequential", body: #"["c", "a", "b"]"#)
            #expect(second.status == 200)
            #expect(try second.json()["to"] as? String == v2)
            #expect(try second.member("changeset") == #"{"operations":[{"from":2,"op":"move","to":0}]}"#)
            let same = try service.request("PUT", Self.snapshotPath, body: #"["c", "a", "b"]"#)
            #expect(try same.json()["from"] as? String == v2)
            #expect(try same.json()["to"] as? String == v2)
            #expect(try same.member("changeset") == #"{"stages":[],"updates":{"reconfigures":[],"reloads":[]}}"#)
            #expect(try second.json()["digest"] as? String == (try same.json()["digest"] as? String))
        }
    }

    @Test func getReturnsTheSnapshotWithETagAndHonoursIfNoneMatch() throws {
        try TestService.with { service in
            _ = try service.request(
                "PUT", Self.snapshotPath,
                body: #"{"sections": [{"id": "s", "items": [{"id": "a", "content": {"t": "x"}}]}]}"#)
            let response = try service.request("GET", Self.snapshotPath)
            #expect(response.status == 200)
            #expect(
                try response.member("snapshot")
                    == #"{"sections":[{"id":"s","items":[{"content":{"t":"x"},"id":"a"}]}]}"#)
            let tag = response.header("ETag") ?? ""
            #expect(
                tag
                    == "\"\(service.version(1, of: #"{"sections": [{"id": "s", "items": [{"id": "a", "content": {"t": "x"}}]}]}"#))\""
            )
            let unchanged = try service.request("GET", Self.snapshotPath, headers: [("If-None-Match", tag)])
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)
            #expect(try service.request("GET", "/v1/sessions/s1/snapshots/other").status == 404)
            #expect(try service.request("GET", "/v1/sessions/nobody/snapshots/feed").status == 404)
        }
    }

    @Test func ifMatchMakesWritesConditional() throws {
        try TestService.with { service in
            let (epoch, v1) = (service.service.epoch, service.version(1, of: #"["a"]"#))
            _ = try service.request("PUT", Self.snapshotPath, body: #"["a"]"#)
            let stale = try service.request(
                "PUT", Self.snapshotPath, body: #"["b"]"#, headers: [("If-Match", "\"\(epoch).0\"")])
            #expect(stale.status == 412)
            #expect(try stale.json()["currentVersion"] as? String == v1)
            #expect(stale.header("ETag") == "\"\(v1)\"")
            #expect(try service.request("GET", Self.snapshotPath).member("snapshot") == #"["a"]"#)
            let fresh = try service.request(
                "PUT", Self.snapshotPath, body: #"["b"]"#, headers: [("If-Match", "\"\(v1)\"")])
            #expect(fresh.status == 200)
        }
    }

    @Test func aFailedFirstWriteLeavesNeitherSnapshotNorSession() throws {
        try TestService.with { service in
            let refused = try service.request(
                "PUT", "/v1/sessions/fresh/snapshots/a", body: "[]", headers: [("If-Match", "*")])
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
            let v1 =
                try service.request("PUT", Self.snapshotPath, body: #"["\#(first)", "\#(second)", "\#(long)"]"#)
                .json()["to"] as? String ?? ""
            let moved = try service.request("PUT", Self.snapshotPath, body: #"["\#(long)", "\#(first)", "\#(second)"]"#)
            #expect(
                try moved.member("changeset")
                    == #"{"stages":[{"deletes":[],"inserts":[],"moves":[[2,0]]}],"updates":{"reconfigures":[],"reloads":[]}}"#
            )
            #expect(
                try service.request("GET", Self.snapshotPath).member("snapshot")
                    == #"["\#(long)","\#(first)","\#(second)"]"#)
            let since = try service.request("GET", Self.snapshotPath + "/changes?since=\(v1)")
            #expect(try since.member("changeset") == (try moved.member("changeset")))
        }
    }

    @Test func weakEntityTagsMatchIfNoneMatch() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.snapshotPath, body: #"["a"]"#)
            let weak = try service.request(
                "GET", Self.snapshotPath, headers: [("If-None-Match", "W/\"\(service.version(1, of: #"["a"]"#))\"")])
            #expect(weak.status == 304)
        }
    }

    /// Found by the contract test: a long identifier in an operation's single-identifier
    /// members crashed the server.
    @Test func longIdentifiersInOperationsAreAnsweredNotFatal() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.snapshotPath, body: #"{"sections": [{"id": "s", "items": ["a"]}]}"#)
            let response = try service.request(
                "POST", Self.snapshotPath + "/operations",
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
            let written = try service.request(
                "PUT", Self.snapshotPath, body: #"{"sections": [{"id": "s", "items": ["a", "b"]}]}"#)
            let failing = try service.request(
                "POST", Self.snapshotPath + "/operations",
                body:
                    #"{"operations": [{"op": "deleteItems", "items": ["a"]}, {"op": "moveItem", "item": "zz", "after": "b"}]}"#
            )
            #expect(failing.status == 422)
            #expect(try failing.json()["operationIndex"] as? Int == 1)
            #expect(try failing.json()["pointer"] as? String == "/operations/1")
            #expect(try failing.json()["duplicates"] == nil)
            let repeating = try service.request(
                "POST", Self.snapshotPath + "/operations",
                body:
                    #"{"operations": [{"op": "appendItems", "items": ["c"]}, {"op": "appendItems", "items": ["b", "c"]}]}"#
            )
            #expect(repeating.status == 422)
            #expect(try repeating.json()["operationIndex"] as? Int == 1)
            #expect(try repeating.json()["duplicates"] as? [String] == ["b", "c"])
            #expect(
                try service.request("GET", Self.snapshotPath).json()["version"] as? String
                    == (try written.json()["to"] as? String))
            let applied = try service.request(
                "POST", Self.snapshotPath + "/operations",
                body:
                    #"{"operations": [{"op": "appendItems", "items": ["c"], "section": "s"}, {"op": "moveItem", "item": "a", "after": "c"}]}"#
            )
            #expect(applied.status == 200)
            #expect((try applied.json()["to"] as? String ?? "").hasPrefix("\(epoch).2."))
            #expect(
                try service.request("GET", Self.snapshotPath).member("snapshot")
                    == #"{"sections":[{"id":"s","items":["b","c","a"]}]}"#)
            #expect(
                try service.request("POST", "/v1/sessions/s1/snapshots/none/operations", body: #"{"operations": []}"#)
                    .status == 404)
            #expect(
                try service.request(
                    "POST", Self.snapshotPath + "/operations", body: #"{"operations": [{"op": "explode"}]}"#
                ).status == 400)
        }
    }

    @Test func tooManyItemsAndTooManySnapshots() throws {
        try TestService.with(
            ServiceConfiguration(store: StoreLimits(maxSnapshotsPerSession: 2, maxItemsPerSnapshot: 3))
        ) {
            (service: TestService) throws in
            #expect(
                try service.request("PUT", "/v1/sessions/s/snapshots/a", body: #"["1", "2", "3", "4"]"#).status == 422)
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/a", body: #"["1"]"#).status == 201)
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/b", body: #"["1"]"#).status == 201)
            let third = try service.request("PUT", "/v1/sessions/s/snapshots/c", body: #"["1"]"#)
            #expect(third.status == 409)
            #expect(try third.json()["type"] as? String == "urn:listdiff:problem:too-many-snapshots")
            let grown = try service.request(
                "POST", "/v1/sessions/s/snapshots/a/operations",
                body: #"{"operations": [{"op": "appendItems", "items": ["2", "3", "4"]}]}"#)
            #expect(grown.status == 422)
        }
    }
}
