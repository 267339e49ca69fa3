import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@Suite(.ownThreads) struct StoreLimitTests {
    /// Operations each may walk the section, so their count times the snapshot's size is
    /// bounded before any is applied (once, 50,000 single moves on 200,000 items held a worker
    /// for minutes).
    @Test func operationsCostingTooMuchAreRefusedBeforeAnyIsApplied() throws {
        try TestService.with(ServiceConfiguration(store: StoreLimits(maxOperationWork: 29))) {
            (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/x"
            #expect(try service.request("PUT", path, body: #"["a", "b", "c", "d", "e"]"#).status == 201)
            let five =
                #"{"operations": ["#
                + Array(repeating: #"{"op": "moveItem", "item": "a", "after": "e"}"#, count: 5).joined(separator: ",")
                + "]}"
            let refused = try service.request("POST", path + "/operations", body: five)
            #expect(refused.status == 422)
            #expect(try refused.json()["type"] as? String == "urn:listdiff:problem:too-much-work")
            #expect(try refused.json()["limit"] as? Int == 29)
            #expect(try service.request("GET", path).member("snapshot") == #"["a","b","c","d","e"]"#)
            let four =
                #"{"operations": ["#
                + Array(repeating: #"{"op": "moveItem", "item": "a", "after": "e"}"#, count: 4).joined(separator: ",")
                + "]}"
            #expect(try service.request("POST", path + "/operations", body: four).status == 200)
            #expect(try service.request("GET", path).member("snapshot") == #"["b","c","d","e","a"]"#)
        }
    }

    @Test func theLeastRecentlyUsedSessionGoesFirstWhenTheCountIsReached() throws {
        try TestService.with(ServiceConfiguration(store: StoreLimits(maxSessions: 2))) {
            (service: TestService) throws in
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
        try TestService.with(ServiceConfiguration(store: StoreLimits(maxStoreBytes: 5000, maxSessionBytes: 5000))) {
            (service: TestService) throws in
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
        try TestService.with(ServiceConfiguration(store: StoreLimits(sessionIdleSeconds: 0.2))) {
            (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/a/snapshots/x", body: #"["1"]"#).status == 201)
            Thread.sleep(forTimeInterval: 0.5)
            #expect(try service.request("GET", "/v1/sessions/a").status == 404)
            #expect(service.service.statistics().evictedForIdleness == 1)
        }
    }
}
